import type { ContentType, ContentTypeDefinition } from '@cms/content-model'
import { ConflictError, NotFoundError, ValidationError } from '@cms/errors'
import { DEFAULT_WEBSITE_QUOTAS, quotaExceeded } from '@cms/http'
import type { Caller, WebsiteQuotas } from '@cms/http'
import { isContentTypeName, isPlainObject } from '@cms/content-model'
import type { CheckedContentType } from './content-type-definition.ts'
import type { ContentTypeStore } from './content-type-store.ts'
import { referenceProblems } from './definition-references.ts'
import type { SavedDefinition } from './definition-references.ts'
import { KIND_NOUNS } from './definition-kind.ts'
import type { DefinitionKind } from './definition-kind.ts'
import { assertDefinitionWithinQuotas } from './definition-quotas.ts'
import { definitionOf, firstPerPath, patchDefinition } from './patch-content-type.ts'
import { indexedDefinition } from './website-type-index.ts'
import type { WebsiteTypeIndex } from './website-type-index.ts'
import type { WebsiteTypeLists } from './website-type-lists.ts'

export interface DefinitionWritesDeps {
  store: ContentTypeStore
  index: WebsiteTypeIndex
  lists: WebsiteTypeLists
  clock: () => Date
  newId: () => string
  /** How often a change retries after losing a version to a concurrent change. */
  maxAttempts?: number
}

/** How a definition of one kind is checked as sent, and when a PATCH reads the index. */
export interface DefinitionRules {
  check(input: unknown): CheckedContentType
  /** The 422's message of a refused create and of a refused change. */
  invalid: { create: string; update: string }
  /** Whether a PATCH sending `fields` must read the website's index to check them. */
  changeReadsIndex(fields: unknown, saved: SavedDefinition): boolean
}

export const quotasOf = (caller: Caller): WebsiteQuotas => caller.quotas ?? DEFAULT_WEBSITE_QUOTAS

const capitalized = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`

/**
 * Reads, creates and changes the definitions of one kind (content types or components) the
 * same way: versions claimed one at a time, the index kept ahead of the store, the website's
 * `contentTypes` quota counting both kinds (one name space) and the size quotas each one.
 */
export function createDefinitionWrites(
  kind: DefinitionKind,
  rules: DefinitionRules,
  deps: DefinitionWritesDeps,
) {
  const maxAttempts = deps.maxAttempts ?? 5
  const noun = capitalized(KIND_NOUNS[kind])
  const notFound = (name: string) => new NotFoundError(`${noun} ${name} not found`)
  const indexed = (definition: ContentType) => indexedDefinition(kind, definition)

  async function find(caller: Caller, name: string): Promise<ContentType> {
    const found = isContentTypeName(name)
      ? await deps.store.find(caller.websiteId, name)
      : undefined
    if (!found) throw notFound(name)
    return found
  }

  /** Applies `next(current)` as the next version, retrying after a lost race. */
  async function change(
    caller: Caller,
    name: string,
    next: (current: ContentType) => ContentTypeDefinition,
  ): Promise<ContentType> {
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const current = await find(caller, name)
      const definition = next(current)
      assertDefinitionWithinQuotas(definition, quotasOf(caller), definitionOf(current))
      const changed: ContentType = {
        ...definition,
        id: current.id,
        version: current.version + 1,
        createdAt: current.createdAt,
        updatedAt: deps.clock().toISOString(),
      }
      if (await deps.store.claimVersion(caller.websiteId, changed)) {
        await deps.store.applyClaim(caller.websiteId, current.version, changed)
        await deps.store.catchUp(caller.websiteId, changed)
        await deps.index.touch(caller.websiteId, indexed(changed))
        return changed
      }
      // Claims whose writers stopped before applying them are applied by the next change.
      await deps.store.catchUp(caller.websiteId, current)
    }
    throw new ConflictError(`${noun} ${name} is being changed concurrently; try again`)
  }

  /**
   * Stores a new definition when the website holds fewer than its quota (`held`, read with the
   * checks). The name joins the index before the record is stored, so no stored definition is
   * ever missing from it. Two creates racing for the last place are checked again after the
   * insert: one past the quota is removed and refused.
   */
  async function insert(
    caller: Caller,
    definition: ContentTypeDefinition,
    held: number,
  ): Promise<ContentType> {
    const { websiteId } = caller
    const quotas = quotasOf(caller)
    assertDefinitionWithinQuotas(definition, quotas)
    const limit = quotas.contentTypes
    if (held >= limit) throw quotaExceeded('contentTypes', limit, held)
    const now = deps.clock().toISOString()
    const created: ContentType = {
      ...definition,
      id: deps.newId(),
      version: 1,
      createdAt: now,
      updatedAt: now,
    }
    await deps.index.add(websiteId, indexed(created))
    try {
      await deps.store.insert(websiteId, created)
    } catch (error) {
      // The name was taken: the index keeps the declarations of a definition of this kind that
      // holds it, and forgets the name otherwise.
      const existing =
        error instanceof ConflictError ? await deps.store.find(websiteId, created.name) : undefined
      if (existing) await deps.index.touch(websiteId, indexed(existing))
      else await deps.index.drop(websiteId, kind, created.name)
      throw error
    }
    // A list read between the two index writes cached the index without this definition.
    await deps.index.touch(websiteId, indexed(created))
    const count = await deps.lists.count(websiteId)
    if (count > limit) {
      await deps.store.remove(websiteId, created)
      await deps.index.drop(websiteId, kind, created.name)
      throw quotaExceeded('contentTypes', limit, count - 1)
    }
    return created
  }

  /** Removes the definition and forgets it in the index; 404 when it went meanwhile. */
  async function remove(caller: Caller, definition: ContentType): Promise<void> {
    if (!(await deps.store.remove(caller.websiteId, definition))) throw notFound(definition.name)
    await deps.index.drop(caller.websiteId, kind, definition.name)
  }

  /**
   * A definition as sent, checked in one 422 with the website's index (one read gives the names
   * references must be among and the count), then inserted.
   */
  async function create(caller: Caller, body: unknown): Promise<ContentType> {
    const checked = rules.check(body)
    const index = await deps.lists.index(caller.websiteId)
    const sent = isPlainObject(body) ? body : {}
    const saved = { kind, name: sent.name }
    const problems = firstPerPath(checked.problems, referenceProblems(sent.fields, saved, index))
    if (!checked.definition || problems.length > 0)
      throw new ValidationError(rules.invalid.create, problems)
    return insert(caller, checked.definition, index.names.length + index.components.length)
  }

  /** A PATCH as sent, merged into the current version and checked like a create. */
  async function update(caller: Caller, name: string, body: unknown): Promise<ContentType> {
    const saved = { kind, name }
    const sentFields = isPlainObject(body) ? body.fields : undefined
    const index = rules.changeReadsIndex(sentFields, saved)
      ? await deps.lists.index(caller.websiteId)
      : undefined
    return change(caller, name, (current) =>
      patchDefinition(current, body, {
        check: rules.check,
        invalid: rules.invalid.update,
        ...(index && { referenceProblems: (fields) => referenceProblems(fields, saved, index) }),
      }),
    )
  }

  return { find, change, insert, remove, create, update }
}

export type DefinitionWrites = ReturnType<typeof createDefinitionWrites>
