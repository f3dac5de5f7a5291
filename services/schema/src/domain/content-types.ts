import { PUBLIC_IO } from '@cms/contract'
import { definitionSize, isContentTypeName } from '@cms/content-model'
import type { ContentType, ContentTypeDefinition } from '@cms/content-model'
import { checkContentTypeDefinition } from './content-type-definition.ts'
import { ConflictError, NotFoundError, ValidationError } from '@cms/errors'
import { DEFAULT_WEBSITE_QUOTAS, quotaExceeded } from '@cms/http'
import type { Caller, WebsiteQuotas } from '@cms/http'
import { assertDefinitionWithinQuotas } from './definition-quotas.ts'
import type { ContentTypeEvents } from './content-type-events.ts'
import type { ContentTypeStore } from './content-type-store.ts'
import type { ContentUsage } from './content-usage.ts'
import { definitionOf, patchContentType } from './patch-content-type.ts'
import {
  missingTargetProblems,
  referencedTypeConflict,
  relationReferrers,
  targetsOtherTypes,
} from './relation-targets.ts'
import { declarationsOf } from './website-type-index.ts'
import type { FieldDeclaration, WebsiteTypeIndex } from './website-type-index.ts'
import type { WebsiteTypeLists } from './website-type-lists.ts'

/** What a website uses of its content-type quotas; the size measures are its largest type's. */
export interface ContentTypeUsage {
  contentTypes: number
  fieldsPerType: number
  optionsPerField: number
  definitionBytes: number
}

/**
 * One content type as other services resolve names with it: each field's name and type, and a
 * relation's `target` and `many`; never labels, options or bounds.
 */
export interface FieldDeclarations {
  name: string
  fields: FieldDeclaration[]
}

export interface ContentTypes {
  list(caller: Caller): Promise<ContentType[]>
  get(caller: Caller, name: string): Promise<ContentType>
  create(caller: Caller, body: unknown): Promise<ContentType>
  update(caller: Caller, name: string, body: unknown): Promise<ContentType>
  remove(caller: Caller, name: string): Promise<void>
  usage(caller: Caller): Promise<ContentTypeUsage>
  /**
   * A validator of every type of the caller's website: it changes with each change of any of
   * them, so a type read with it is still current while it is unchanged.
   */
  revision(caller: Caller): Promise<string>
  declarations(caller: Caller): Promise<FieldDeclarations[]>
}

export interface ContentTypesDeps {
  store: ContentTypeStore
  index: WebsiteTypeIndex
  lists: WebsiteTypeLists
  usage: ContentUsage
  events: ContentTypeEvents
  clock: () => Date
  newId: () => string
  /** How often a change retries after losing a version to a concurrent change. */
  maxAttempts?: number
}

const notFound = (name: string) => new NotFoundError(`Content type ${name} not found`)

const quotasOf = (caller: Caller): WebsiteQuotas => caller.quotas ?? DEFAULT_WEBSITE_QUOTAS

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Content types of the caller's website: the use cases of spec 4.1 with contract sections 2 and 3. */
export function createContentTypes(deps: ContentTypesDeps): ContentTypes {
  const maxAttempts = deps.maxAttempts ?? 5

  async function find(caller: Caller, name: string): Promise<ContentType> {
    const type = isContentTypeName(name) ? await deps.store.find(caller.websiteId, name) : undefined
    if (!type) throw notFound(name)
    return type
  }

  async function commitChange(
    caller: Caller,
    name: string,
    body: unknown,
    typeNames: readonly string[] | undefined,
  ): Promise<ContentType> {
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const current = await find(caller, name)
      const definition: ContentTypeDefinition = patchContentType(current, body, typeNames)
      assertDefinitionWithinQuotas(definition, quotasOf(caller), definitionOf(current))
      const next: ContentType = {
        ...definition,
        id: current.id,
        version: current.version + 1,
        createdAt: current.createdAt,
        updatedAt: deps.clock().toISOString(),
      }
      if (await deps.store.claimVersion(caller.websiteId, next)) {
        await deps.store.applyClaim(caller.websiteId, current.version, next)
        await deps.store.catchUp(caller.websiteId, next)
        await deps.index.touch(
          caller.websiteId,
          next.name,
          declarationsOf(next.fields, next.localized),
        )
        return next
      }
      // Claims whose writers stopped before applying them are applied by the next change.
      await deps.store.catchUp(caller.websiteId, current)
    }
    throw new ConflictError(`Content type ${name} is being changed concurrently; try again`)
  }

  /**
   * The name joins the website's index before the type is stored, so no stored type is ever
   * missing from it. Two creates racing for the last place are checked again after the insert:
   * one past the quota is removed and refused.
   */
  async function insertWithinQuota(websiteId: string, type: ContentType, limit: number) {
    await deps.index.add(websiteId, type.name, declarationsOf(type.fields, type.localized))
    try {
      await deps.store.insert(websiteId, type)
    } catch (error) {
      if (!(error instanceof ConflictError)) await deps.index.drop(websiteId, type.name)
      else {
        // The name was taken: the index keeps the declarations of the type that holds it.
        const existing = await deps.store.find(websiteId, type.name)
        if (existing)
          await deps.index.touch(
            websiteId,
            existing.name,
            declarationsOf(existing.fields, existing.localized),
          )
      }
      throw error
    }
    // A list read between the two index writes cached the index without this type.
    await deps.index.touch(websiteId, type.name, declarationsOf(type.fields, type.localized))
    const held = await deps.lists.count(websiteId)
    if (held > limit) {
      await deps.store.remove(websiteId, type)
      await deps.index.drop(websiteId, type.name)
      throw quotaExceeded('contentTypes', limit, held - 1)
    }
  }

  return {
    revision: async (caller) => `r${await deps.lists.revision(caller.websiteId)}`,

    async usage(caller) {
      const { types } = await deps.lists.read(caller.websiteId)
      const sizes = types.map((type) => definitionSize(definitionOf(type)))
      const largest = (measure: 'fields' | 'options' | 'bytes') =>
        sizes.reduce((most, size) => Math.max(most, size[measure]), 0)
      return {
        contentTypes: types.length,
        fieldsPerType: largest('fields'),
        optionsPerField: largest('options'),
        definitionBytes: largest('bytes'),
      }
    },

    async declarations(caller) {
      const declared = await deps.lists.declarations(caller.websiteId)
      return Object.keys(declared)
        .sort()
        .map((name) => ({ name, fields: declared[name]! }))
    },

    list: async (caller) => (await deps.lists.read(caller.websiteId)).types,

    get: find,

    async create(caller, body) {
      const checked = checkContentTypeDefinition(body)
      // One read of the index gives both the names relation targets must be among and the count.
      const { names } = await deps.lists.index(caller.websiteId)
      const raw = isPlainObject(body) ? body : {}
      const problems = [...checked.problems, ...missingTargetProblems(raw.fields, raw.name, names)]
      const definition = checked.definition
      if (!definition || problems.length > 0) {
        throw new ValidationError(PUBLIC_IO.createContentType.input.invalid, problems)
      }
      const quotas = quotasOf(caller)
      assertDefinitionWithinQuotas(definition, quotas)
      const held = names.length
      if (held >= quotas.contentTypes)
        throw quotaExceeded('contentTypes', quotas.contentTypes, held)
      const now = deps.clock().toISOString()
      const type: ContentType = {
        ...definition,
        id: deps.newId(),
        version: 1,
        createdAt: now,
        updatedAt: now,
      }
      await insertWithinQuota(caller.websiteId, type, quotas.contentTypes)
      await deps.events.changed(caller.websiteId, type.name, type.version)
      return type
    },

    async update(caller, name, body) {
      // The website's names are read only when the sent fields relate to another type: a PATCH
      // that leaves `fields` alone keeps targets that a delete could not have removed.
      const sentFields = isPlainObject(body) ? body.fields : undefined
      const typeNames = targetsOtherTypes(sentFields, name)
        ? (await deps.lists.index(caller.websiteId)).names
        : undefined
      const type = await commitChange(caller, name, body, typeNames)
      await deps.events.changed(caller.websiteId, type.name, type.version)
      return type
    },

    async remove(caller, name) {
      const type = await find(caller, name)
      const { declarations } = await deps.lists.index(caller.websiteId)
      const referrers = relationReferrers(declarations, type.name)
      if (referrers.length > 0) throw referencedTypeConflict(type.name, referrers)
      if (await deps.usage.isInUse(caller, type.name)) {
        throw new ConflictError(`Content type ${name} still has documents; delete them first`)
      }
      if (!(await deps.store.remove(caller.websiteId, type))) throw notFound(name)
      await deps.index.drop(caller.websiteId, type.name)
      await deps.events.changed(caller.websiteId, type.name, null)
    },
  }
}
