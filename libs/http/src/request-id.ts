import { randomUUID } from 'node:crypto'
import type { Middleware } from 'koa'
import type { Logger } from 'pino'

declare module 'koa' {
  interface DefaultState {
    requestId: string
    log: Logger
  }
}

export const REQUEST_ID_HEADER = 'x-request-id'
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** Takes the caller's `x-request-id` when it is sane, else makes one; echoes it and logs with it. */
export function requestId(logger: Logger): Middleware {
  return async function requestIdMiddleware(ctx, next) {
    const incoming = ctx.get(REQUEST_ID_HEADER)
    const id = ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
    ctx.state.requestId = id
    // Most requests log nothing: the child logger (which serializes its bindings) is made on first use.
    let log: Logger | undefined
    Object.defineProperty(ctx.state, 'log', {
      get: () => (log ??= logger.child({ requestId: id })),
      configurable: true,
      enumerable: true,
    })
    ctx.set(REQUEST_ID_HEADER, id)
    await next()
  }
}
