import { PUBLIC_IO } from '@cms/contract'
import type { ContentType } from '@cms/content-model'
import type { Caller } from '@cms/http'
import { componentInUseConflict, componentReferrers } from './component-graph.ts'
import { checkComponentDefinition } from './content-type-definition.ts'
import type { ContentTypeEvents } from './content-type-events.ts'
import { createDefinitionWrites } from './definition-writes.ts'
import type { DefinitionRules, DefinitionWritesDeps } from './definition-writes.ts'

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

/** A component's new fields change every type using it: a PATCH of them always reads the index. */
const COMPONENT_RULES: DefinitionRules = {
  check: checkComponentDefinition,
  invalid: {
    create: PUBLIC_IO.createComponent.input.invalid,
    update: PUBLIC_IO.updateComponent.input.invalid,
  },
  changeReadsIndex: (fields) => Array.isArray(fields),
}

/**
 * The website's components (`/api/components`): named groups of fields that component and
 * blocks fields of types and of other components name. They follow the content types' rules,
 * store, quotas and events (docs/schema.md, "Components"); a component in use is not deleted.
 */
export function createComponents(deps: ComponentsDeps): Components {
  const writes = createDefinitionWrites('component', COMPONENT_RULES, deps)

  return {
    list: async (caller) => (await deps.lists.read(caller.websiteId)).components,

    get: writes.find,

    async create(caller, body) {
      const component = await writes.create(caller, body)
      await deps.events.componentChanged(caller.websiteId, component.name, component.version)
      return component
    },

    async update(caller, name, body) {
      const component = await writes.update(caller, name, body)
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
