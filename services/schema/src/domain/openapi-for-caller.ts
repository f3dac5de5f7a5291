import { resolveComponents } from '@cms/content-model'
import type { ComponentShape, ContentType } from '@cms/content-model'
import { allows, coversType } from '@cms/contract'
import { buildPublicDocument, PUBLIC_ROUTES } from '@cms/contract/openapi'
import type { PublicRoute } from '@cms/contract/openapi'
import type { Caller } from '@cms/http'

type Json = Record<string, unknown>

/** The operations `caller` may call: those its permissions allow, and those that need none. */
export const routesFor = (caller: Pick<Caller, 'permissions'>): PublicRoute[] =>
  PUBLIC_ROUTES.filter(
    (route) => route.permission === undefined || allows(caller.permissions, route.permission),
  )

/** The content types whose documents `caller` may read (absent or `'*'`: every type). */
export function readableTypes(
  types: readonly ContentType[],
  caller: Pick<Caller, 'types'>,
): readonly ContentType[] {
  return types.filter((type) => coversType(caller.types, type.name))
}

/** `types` with their component fields resolved from `components` (as stored). */
function resolvedTypes(
  types: readonly ContentType[],
  components: readonly ComponentShape[],
): ContentType[] {
  const byName = new Map(components.map((component) => [component.name, component]))
  const lookup = (name: string) => byName.get(name)
  return types.map((type) => ({ ...type, fields: resolveComponents(type.fields, lookup) }))
}

/**
 * The OpenAPI document a key is shown (docs/schema.md): the operations it may call and the
 * document schemas of the types it may read, with the components they use; an owner's is the
 * website's whole document. `types` are resolved from `components` when given.
 */
export function openApiDocumentFor(
  caller: Pick<Caller, 'permissions' | 'types'>,
  website: {
    types: readonly ContentType[]
    components?: readonly ComponentShape[]
    locales: readonly string[]
  },
): Json {
  const readable = readableTypes(website.types, caller)
  return buildPublicDocument({
    types: website.components ? resolvedTypes(readable, website.components) : readable,
    locales: website.locales,
    routes: routesFor(caller),
  })
}
