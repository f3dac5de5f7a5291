export { continueTrace, TRACEPARENT_HEADER } from './traceparent.ts'
export type { TraceHop } from './traceparent.ts'
export { activeTrace, runInTrace, traceHeaders } from './trace-context.ts'
export type { TraceContext } from './trace-context.ts'
