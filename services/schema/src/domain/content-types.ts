import { PUBLIC_IO } from '@cms/contract'
import { definitionSize, isPlainObject, resolveComponents } from '@cms/content-model'
import type { ContentType, FieldDefinition } from '@cms/content-model'
import { checkContentTypeDefinition } from './content-type-definition.ts'
import { ConflictError, ValidationError } from '@cms/errors'
import type { Caller } from '@cms/http'
import type { ContentTypeEvents } from './content-type-events.ts'
import type { ContentUsage } from './content-usage.ts'
import { namesOtherDefinitions, referenceProblems } from './definition-references.ts'
import { createDefinitionWrites } from './definition-writes.ts'
import type { DefinitionWritesDeps } from './definition-writes.ts'
import { definitionOf, firstPerPath, patchDefinition } from './patch-content-type.ts'
import { referencedTypeConflict, relationReferrers } from './relation-targets.ts'
import { resolveDeclarations } from './resolved-declarations.ts'
import type { FieldDeclaration } from './website-type-index.ts'

/** What a website uses of its content-type quotas; the size measures are its largest type's. */
export interface ContentTypeUsage {
  contentTypes: number
  fieldsPerType: number
  optionsPerField: number
  definitionBytes: number
}

/**
 * One content type as other services resolve names with it: each field's name and type, a
 * relation's `target` and `many`, and a component or blocks field's components' fields
 * (resolved); never labels, options or bounds.
 */
export interface FieldDeclarations {
  name: string
  fields: FieldDeclaration[]
}

export interface ContentTypes {
  list(caller: Caller): Promise<ContentType[]>
  get(caller: Caller, name: string): Promise<ContentType>
  /** One type with its component fields resolved, for the content service's writes. */
  getResolved(caller: Caller, name: string): Promise<ContentType>
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

export interface ContentTypesDeps extends DefinitionWritesDeps {
  usage: ContentUsage
  events: ContentTypeEvents
}

const isComponentField = (field: FieldDefinition) =>
  field.type === 'component' || field.type === 'blocks'

/** Content types of the caller's website: the use cases of spec 4.1 with contract sections 2 and 3. */
export function createContentTypes(deps: ContentTypesDeps): ContentTypes {
  const writes = createDefinitionWrites('content-type', deps)

  /** Components resolved into `type`'s fields from the website's (cached) components. */
  async function resolved(caller: Caller, type: ContentType): Promise<ContentType> {
    if (!type.fields.some(isComponentField)) return type
    const { components } = await deps.lists.read(caller.websiteId)
    const byName = new Map(components.map((component) => [component.name, component]))
    return { ...type, fields: resolveComponents(type.fields, (name) => byName.get(name)) }
  }

  return {
    revision: async (caller) => `r${await deps.lists.revision(caller.websiteId)}`,

    async usage(caller) {
      const { types, components } = await deps.lists.read(caller.websiteId)
      const sizes = [...types, ...components].map((type) => definitionSize(definitionOf(type)))
      const largest = (measure: 'fields' | 'options' | 'bytes') =>
        sizes.reduce((most, size) => Math.max(most, size[measure]), 0)
      return {
        contentTypes: sizes.length,
        fieldsPerType: largest('fields'),
        optionsPerField: largest('options'),
        definitionBytes: largest('bytes'),
      }
    },

    async declarations(caller) {
      const { declarations, componentDeclarations } = await deps.lists.index(caller.websiteId)
      return Object.keys(declarations)
        .sort()
        .map((name) => ({
          name,
          fields: resolveDeclarations(declarations[name]!, componentDeclarations),
        }))
    },

    list: async (caller) => (await deps.lists.read(caller.websiteId)).types,

    get: writes.find,

    getResolved: async (caller, name) => resolved(caller, await writes.find(caller, name)),

    async create(caller, body) {
      const checked = checkContentTypeDefinition(body)
      // One read of the index gives the names references must be among and the count.
      const index = await deps.lists.index(caller.websiteId)
      const raw = isPlainObject(body) ? body : {}
      const saved = { kind: 'content-type', name: raw.name } as const
      const problems = firstPerPath(checked.problems, referenceProblems(raw.fields, saved, index))
      const definition = checked.definition
      if (!definition || problems.length > 0) {
        throw new ValidationError(PUBLIC_IO.createContentType.input.invalid, problems)
      }
      const held = index.names.length + index.components.length
      const type = await writes.insert(caller, definition, held)
      await deps.events.changed(caller.websiteId, type.name, type.version)
      return type
    },

    async update(caller, name, body) {
      // The website's index is read only when the sent fields name other definitions: a PATCH
      // that leaves `fields` alone keeps references that a delete could not have removed.
      const sentFields = isPlainObject(body) ? body.fields : undefined
      const saved = { kind: 'content-type', name } as const
      const index = namesOtherDefinitions(sentFields, saved)
        ? await deps.lists.index(caller.websiteId)
        : undefined
      const type = await writes.change(caller, name, (current) =>
        patchDefinition(current, body, {
          check: checkContentTypeDefinition,
          invalid: PUBLIC_IO.updateContentType.input.invalid,
          ...(index && { referenceProblems: (fields) => referenceProblems(fields, saved, index) }),
        }),
      )
      await deps.events.changed(caller.websiteId, type.name, type.version)
      return type
    },

    async remove(caller, name) {
      const type = await writes.find(caller, name)
      const { declarations, componentDeclarations } = await deps.lists.index(caller.websiteId)
      const referrers = [
        ...relationReferrers(declarations, type.name),
        ...relationReferrers(componentDeclarations, type.name, 'component'),
      ]
      if (referrers.length > 0) throw referencedTypeConflict(type.name, referrers)
      if (await deps.usage.isInUse(caller, type.name)) {
        throw new ConflictError(`Content type ${name} still has documents; delete them first`)
      }
      await writes.remove(caller, type)
      await deps.events.changed(caller.websiteId, type.name, null)
    },
  }
}
