import { isPlainObject } from '@cms/content-model'
import { PUBLIC_IO } from '@cms/contract'
import type { ContentType } from '@cms/content-model'
import { ValidationError } from '@cms/errors'
import type { Caller } from '@cms/http'
import { componentInUseConflict, componentReferrers } from './component-graph.ts'
import { checkComponentDefinition } from './content-type-definition.ts'
import type { ContentTypeEvents } from './content-type-events.ts'
import { referenceProblems } from './definition-references.ts'
import { createDefinitionWrites } from './definition-writes.ts'
import type { DefinitionWritesDeps } from './definition-writes.ts'
import { firstPerPath, patchDefinition } from './patch-content-type.ts'

/** A component is stored as a content type without slugField, titleField and localized. */
export type Component = ContentType

export interface Components {
  list(caller: Caller): Promise<Component[]>
  get(caller: Caller, name: string): Promise<Component>
  create(caller: Caller, body: unknown): Promise<Component>
  update(caller: Caller, name: string, body: unknown): Promise<Component>
  remove(caller: Caller, name: string): Promise<void>
}

export interface ComponentsDeps extends DefinitionWritesDeps {
  events: ContentTypeEvents
}

/**
 * The website's components (`/api/components`): named groups of fields that component and
 * blocks fields of types and of other components name. They follow the content types' rules,
 * store, quotas and events (docs/schema.md, "Components"); a component in use is not deleted.
 */
export function createComponents(deps: ComponentsDeps): Components {
  const writes = createDefinitionWrites('component', deps)

  return {
    list: async (caller) => (await deps.lists.read(caller.websiteId)).components,

    get: writes.find,

    async create(caller, body) {
      const checked = checkComponentDefinition(body)
      const index = await deps.lists.index(caller.websiteId)
      const raw = isPlainObject(body) ? body : {}
      const saved = { kind: 'component', name: raw.name } as const
      const problems = firstPerPath(checked.problems, referenceProblems(raw.fields, saved, index))
      const definition = checked.definition
      if (!definition || problems.length > 0) {
        throw new ValidationError(PUBLIC_IO.createComponent.input.invalid, problems)
      }
      const held = index.names.length + index.components.length
      const component = await writes.insert(caller, definition, held)
      await deps.events.componentChanged(caller.websiteId, component.name, component.version)
      return component
    },

    async update(caller, name, body) {
      // New fields of a component change every type using it: the index is read to check
      // their references and how large those types become.
      const sentFields = isPlainObject(body) ? body.fields : undefined
      const saved = { kind: 'component', name } as const
      const index = Array.isArray(sentFields) ? await deps.lists.index(caller.websiteId) : undefined
      const component = await writes.change(caller, name, (current) =>
        patchDefinition(current, body, {
          check: checkComponentDefinition,
          invalid: PUBLIC_IO.updateComponent.input.invalid,
          ...(index && { referenceProblems: (fields) => referenceProblems(fields, saved, index) }),
        }),
      )
      await deps.events.componentChanged(caller.websiteId, component.name, component.version)
      return component
    },

    async remove(caller, name) {
      const component = await writes.find(caller, name)
      const referrers = componentReferrers(await deps.lists.index(caller.websiteId), name)
      if (referrers.length > 0) throw componentInUseConflict(name, referrers)
      await writes.remove(caller, component)
      await deps.events.componentChanged(caller.websiteId, component.name, null)
    },
  }
}
