import type { Router, RouterContext } from '@koa/router'
import type { Middleware, Next } from 'koa'
import { PUBLIC_IO, PUBLIC_OPERATIONS } from '@cms/contract'
import type {
  BodyOf,
  Endpoint,
  OperationIo,
  ParamsOf,
  PathParams,
  PublicIo,
  PublicOperationId,
  PublicOperations,
  QueryOf,
} from '@cms/contract'
import type { ErrorDetail } from '@cms/errors'
import { authorizedAs } from './gateway-authorization.ts'
import { validatedInput } from './validated-input.ts'

/** The path parameters of `Path`, as the router gives them (strings). */
export type EndpointParams<Path extends string> = { [K in keyof PathParams<Path>]: string }

/**
 * What the handler of an operation finds in `ctx.state.input`, checked against the contract
 * before it runs: its JSON body, its query (as `qs` parses it) and its path parameters as the
 * contract's schemas describe them (nothing when the contract declares none of them).
 */
export type EndpointInput<Io, Path extends string = string> = Io extends {
  input: Record<string, unknown>
}
  ? {
      input: {
        body: BodyOf<Io>
        query: QueryOf<Io>
        params: EndpointParams<Path> & ParamsOf<Io>
      }
    }
  : unknown

/** What serves one endpoint: a koa handler whose `ctx.params` are that path's. */
export type EndpointHandler<E extends Endpoint, Io = unknown> = (
  ctx: RouterContext & {
    params: EndpointParams<E['path']>
    state: RouterContext['state'] & EndpointInput<Io, E['path']>
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
   * Endpoints whose declared body and query are checked past the mount (neither parsed nor
   * checked there): by the use case against what is stored (a PATCH merged into the stored
   * definition, a webhook found first, a list's filters against the website's content types, in
   * the same 422 as the rest of its query), or by the service the call is forwarded to.
   */
  checkedLater?: readonly Id[]
}

type AnyHandler = (ctx: RouterContext, next: Next) => unknown

/**
 * Mounts handlers under the method and path the contract's `table` gives each endpoint, in the
 * table's order (so `by-slug` is tried before `:id`): a router names what it serves, never
 * where. An endpoint whose contract input names a JSON body, a query or the shape of its path
 * parameters gets them checked by those schemas first (`validatedInput`), and its handler reads
 * them typed from `ctx.state.input`.
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
    const checked = validatedInput(io?.[id]?.input, {
      bodyCheck: options.bodyChecks?.[id],
      later: options.checkedLater?.includes(id) ?? false,
    })
    const stack = [
      ...(options.before ? [options.before(id)] : []),
      ...(checked?.readsBody && options.parseBody ? [options.parseBody] : []),
      ...(checked ? [checked.middleware] : []),
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
