import { randomUUID } from 'node:crypto'
import type { Middleware } from 'koa'
import type { Logger } from 'pino'
import { continueTrace, runInTrace, TRACEPARENT_HEADER } from '@cms/trace'
import type { TraceHop } from '@cms/trace'

declare module 'koa' {
  interface DefaultState {
    requestId: string
    /** This service's hop of the request's W3C trace (`traceparent`). */
    trace: TraceHop
    log: Logger
  }
}

export const REQUEST_ID_HEADER = 'x-request-id'
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** The caller's `x-request-id` when it is sane, else a new one. */
export const requestIdOf = (incoming: string): string =>
  ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : randomUUID()

const CHILD_LOGGER = Symbol('child logger')

interface LazyLogState {
  requestId: string
  [CHILD_LOGGER]?: Logger
}

/**
 * What every request's `ctx.state` inherits: `log`, the child logger with the request id, made on
 * first use (it serializes its bindings, and most requests log nothing but their access line).
 */
function lazyLogState(logger: Logger): object {
  return {
    get log(): Logger {
      const state = this as unknown as LazyLogState
      return (state[CHILD_LOGGER] ??= logger.child({ requestId: state.requestId }))
    },
  }
}

/**
 * Takes the caller's `x-request-id` when it is sane, else makes one, and echoes it; continues
 * the caller's `traceparent` (or starts a trace) and runs the rest of the request in it, so
 * every line logged and every call made meanwhile carries the trace id.
 */
export function requestId(logger: Logger): Middleware {
  const statePrototype = lazyLogState(logger)
  return async function requestIdMiddleware(ctx, next) {
    const id = requestIdOf(ctx.get(REQUEST_ID_HEADER))
    const trace = continueTrace(ctx.get(TRACEPARENT_HEADER) || undefined)
    const state = Object.assign(Object.create(statePrototype), ctx.state)
    state.requestId = id
    state.trace = trace
    ctx.state = state
    ctx.set(REQUEST_ID_HEADER, id)
    await runInTrace({ ...trace, requestId: id }, next)
  }
}
