import { PUBLIC_IO } from '@cms/contract'
import { definitionSize, resolveComponents } from '@cms/content-model'
import type { ContentType, FieldDefinition } from '@cms/content-model'
import { checkContentTypeDefinition } from './content-type-definition.ts'
import { ConflictError } from '@cms/errors'
import type { Caller } from '@cms/http'
import type { ContentTypeEvents } from './content-type-events.ts'
import type { ContentUsage } from './content-usage.ts'
import { namesOtherDefinitions } from './definition-references.ts'
import { createDefinitionWrites } from './definition-writes.ts'
import type { DefinitionRules, DefinitionWritesDeps } from './definition-writes.ts'
import { definitionOf } from './patch-content-type.ts'
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

/**
 * A PATCH reads the website's index only when its fields name other definitions: one that
 * leaves them alone keeps references that a delete could not have removed.
 */
const TYPE_RULES: DefinitionRules = {
  check: checkContentTypeDefinition,
  invalid: {
    create: PUBLIC_IO.createContentType.input.invalid,
    update: PUBLIC_IO.updateContentType.input.invalid,
  },
  changeReadsIndex: namesOtherDefinitions,
}

/** Content types of the caller's website: the use cases of spec 4.1 with contract sections 2 and 3. */
export function createContentTypes(deps: ContentTypesDeps): ContentTypes {
  const writes = createDefinitionWrites('content-type', TYPE_RULES, deps)

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
      const type = await writes.create(caller, body)
      await deps.events.changed(caller.websiteId, type.name, type.version)
      return type
    },

    async update(caller, name, body) {
      const type = await writes.update(caller, name, body)
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
