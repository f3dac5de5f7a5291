import type { ContentType } from '@cms/content-model'
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

/**
 * The OpenAPI document a key is shown (docs/schema.md): the operations it may call and the
 * document schemas of the types it may read; an owner's is the website's whole document.
 */
export function openApiDocumentFor(
  caller: Pick<Caller, 'permissions' | 'types'>,
  website: { types: readonly ContentType[]; locales: readonly string[] },
): Json {
  return buildPublicDocument({
    types: readableTypes(website.types, caller),
    locales: website.locales,
    routes: routesFor(caller),
  })
}
