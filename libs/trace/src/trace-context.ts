import { AsyncLocalStorage } from 'node:async_hooks'
import { TRACEPARENT_HEADER } from './traceparent.ts'
import type { TraceHop } from './traceparent.ts'

/** What a unit of work (a request, a consumed message) runs under: its trace hop. */
export interface TraceContext extends TraceHop {
  /** The request id (`x-request-id`) when the work is an HTTP request. */
  requestId?: string
}

const active = new AsyncLocalStorage<TraceContext>()

/** Runs `work` with `context` active: log lines and calls made meanwhile carry its trace. */
export function runInTrace<T>(context: TraceContext, work: () => T): T {
  return active.run(context, work)
}

/** The trace of the work under way here, if any. */
export function activeTrace(): TraceContext | undefined {
  return active.getStore()
}

/**
 * `{traceparent}` for a call or message made now, naming this hop as the parent; `{}` outside
 * any trace (the receiver then starts one).
 */
export function traceHeaders(): Record<string, string> {
  const context = active.getStore()
  return context ? { [TRACEPARENT_HEADER]: context.traceparent } : {}
}
