import type { Router, RouterContext } from '@koa/router'
import type { Middleware, Next } from 'koa'
import { PUBLIC_OPERATIONS } from '@cms/contract'
import type { Endpoint, PathParams, PublicOperationId, PublicOperations } from '@cms/contract'
import { authorizedAs } from './gateway-authorization.ts'

/** The path parameters of `Path`, as the router gives them (strings). */
export type EndpointParams<Path extends string> = { [K in keyof PathParams<Path>]: string }

/** What serves one endpoint: a koa handler whose `ctx.params` are that path's. */
export type EndpointHandler<E extends Endpoint> = (
  ctx: RouterContext & { params: EndpointParams<E['path']> },
  next: Next,
) => unknown

export type EndpointHandlers<
  Table extends Record<string, Endpoint>,
  Id extends keyof Table & string,
> = { readonly [K in Id]: EndpointHandler<Table[K]> }

/** The handlers of some of the public operations a service serves. */
export type OperationHandlers<Id extends PublicOperationId> = EndpointHandlers<PublicOperations, Id>

type AnyHandler = (ctx: RouterContext, next: Next) => unknown

/**
 * Mounts handlers under the method and path the contract's `table` gives each endpoint, in the
 * table's order (so `by-slug` is tried before `:id`), each behind `before(id)` when given: a
 * router names what it serves, never where.
 */
export function mountEndpoints<
  Table extends Record<string, Endpoint>,
  Id extends keyof Table & string,
>(
  router: Router,
  table: Table,
  handlers: EndpointHandlers<Table, Id>,
  before?: (id: string) => Middleware,
): Router {
  for (const id of Object.keys(table)) {
    if (!Object.hasOwn(handlers, id)) continue
    const { method, path } = table[id]!
    const handler = handlers[id as Id] as AnyHandler
    const stack = before ? [before(id) as AnyHandler, handler] : [handler]
    router.register(path, [method], stack, { name: id })
  }
  return router
}

/**
 * `mountEndpoints` for the public operations a service serves, each behind `authorizedAs` of
 * its id: the route the router matched is the operation the call must have been granted.
 */
export const mountOperations = <Id extends PublicOperationId>(
  router: Router,
  handlers: OperationHandlers<Id>,
): Router => mountEndpoints(router, PUBLIC_OPERATIONS, handlers, authorizedAs)
