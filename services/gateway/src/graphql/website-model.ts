import { resolveComponents } from '@cms/content-model'
import type { ComponentShape, ContentType } from '@cms/content-model'
import type { CallOperation } from './operation-caller.ts'

/** What a website's GraphQL schema is generated from, as the caller may see it. */
export interface WebsiteModel {
  /** The types the caller may read, component and blocks fields resolved. */
  types: readonly ContentType[]
  locales: readonly string[]
}

type Docs<T> = { docs: T[] }

/**
 * Reads the types, components and locales through the schema service's public operations as
 * the caller, so the answer holds only the types it may read (as its OpenAPI document does).
 */
export async function readWebsiteModel(call: CallOperation): Promise<WebsiteModel> {
  const [types, components, locales] = await Promise.all([
    call({ id: 'listContentTypes' }),
    call({ id: 'listComponents' }),
    call({ id: 'getLocales' }),
  ])
  const byName = new Map(
    (components.body as Docs<ComponentShape>).docs.map((component) => [component.name, component]),
  )
  const lookup = (name: string) => byName.get(name)
  return {
    types: (types.body as Docs<ContentType>).docs.map((type) => ({
      ...type,
      fields: resolveComponents(type.fields, lookup),
    })),
    locales: (locales.body as { locales: { code: string }[] }).locales.map((l) => l.code),
  }
}
