import type { Router, RouterContext } from '@koa/router'
import type { Middleware, Next } from 'koa'
import { PUBLIC_IO, PUBLIC_OPERATIONS } from '@cms/contract'
import type {
  BodyOf,
  Endpoint,
  OperationIo,
  PathParams,
  PublicIo,
  PublicOperationId,
  PublicOperations,
} from '@cms/contract'
import type { ErrorDetail } from '@cms/errors'
import { authorizedAs } from './gateway-authorization.ts'
import { validatedBody } from './validated-body.ts'

/** The path parameters of `Path`, as the router gives them (strings). */
export type EndpointParams<Path extends string> = { [K in keyof PathParams<Path>]: string }

/**
 * What the handler of an operation finds in `ctx.state.input`, checked against the contract
 * before it runs: its JSON body as the contract's schema describes it (nothing without one).
 */
export type EndpointInput<Io> =
  BodyOf<Io> extends undefined ? unknown : { input: { body: BodyOf<Io> } }

/** What serves one endpoint: a koa handler whose `ctx.params` are that path's. */
export type EndpointHandler<E extends Endpoint, Io = unknown> = (
  ctx: RouterContext & {
    params: EndpointParams<E['path']>
    state: RouterContext['state'] & EndpointInput<Io>
  },
  next: Next,
) => unknown

export type EndpointHandlers<
  Table extends Record<string, Endpoint>,
  Id extends keyof Table & string,
  IoTable = Record<never, never>,
> = {
  readonly [K in Id]: EndpointHandler<Table[K], K extends keyof IoTable ? IoTable[K] : unknown>
}

/** The handlers of some of the public operations a service serves. */
export type OperationHandlers<Id extends PublicOperationId> = EndpointHandlers<
  PublicOperations,
  Id,
  PublicIo
>

/**
 * What a schema cannot say of a body (a URL that parses, say), reported in the same 422 after
 * the schema's problems, like zod-openapi's validation hook.
 */
export type BodyCheck = (body: unknown) => ErrorDetail[]

export interface MountOptions<Id extends string, IoTable = unknown> {
  /** What each endpoint takes and answers (the contract's `PUBLIC_IO` or `ADMIN_IO`). */
  io?: IoTable
  /** Runs first on every endpoint (the public operations' `authorizedAs`). */
  before?: (id: string) => Middleware
  /** Parses a JSON body where no parser ran before the router (the admin API's). */
  parseBody?: Middleware
  /** A service's own checks of a body, beside the contract's schema. */
  bodyChecks?: { readonly [K in Id]?: BodyCheck }
  /**
   * Endpoints whose declared body is checked past the mount: by the use case against what is
   * stored (a PATCH merged into the stored definition, a webhook found first), or by the service
   * the call is forwarded to.
   */
  checkedLater?: readonly Id[]
}

type AnyHandler = (ctx: RouterContext, next: Next) => unknown

/**
 * Mounts handlers under the method and path the contract's `table` gives each endpoint, in the
 * table's order (so `by-slug` is tried before `:id`): a router names what it serves, never
 * where. An endpoint whose contract input names a JSON body gets it checked by that schema
 * first (one 422 with every problem), and its handler reads it typed from `ctx.state.input`.
 */
export function mountEndpoints<
  Table extends Record<string, Endpoint>,
  Id extends keyof Table & string,
  IoTable = Record<never, never>,
>(
  router: Router,
  table: Table,
  handlers: EndpointHandlers<Table, Id, IoTable>,
  options: MountOptions<NoInfer<Id>, IoTable> = {},
): Router {
  const io = options.io as { readonly [K in Id]?: OperationIo } | undefined
  for (const id of Object.keys(table) as Id[]) {
    if (!Object.hasOwn(handlers, id)) continue
    const { method, path } = table[id]!
    const checked = options.checkedLater?.includes(id)
      ? undefined
      : validatedBody(io?.[id]?.input, options.bodyChecks?.[id])
    const stack = [
      ...(options.before ? [options.before(id)] : []),
      ...(checked && options.parseBody ? [options.parseBody] : []),
      ...(checked ? [checked] : []),
      handlers[id],
    ] as AnyHandler[]
    router.register(path, [method], stack, { name: id })
  }
  return router
}

/**
 * `mountEndpoints` for the public operations a service serves, each behind `authorizedAs` of
 * its id (the route the router matched is the operation the call must have been granted) and
 * the check of its body by `PUBLIC_IO`.
 */
export const mountOperations = <Id extends PublicOperationId>(
  router: Router,
  handlers: OperationHandlers<Id>,
  options: Pick<MountOptions<NoInfer<Id>>, 'bodyChecks' | 'checkedLater'> = {},
): Router =>
  mountEndpoints<PublicOperations, Id, PublicIo>(router, PUBLIC_OPERATIONS, handlers, {
    ...options,
    io: PUBLIC_IO,
    before: authorizedAs,
  })
