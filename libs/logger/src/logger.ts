import { pino } from 'pino'
import type { Logger } from 'pino'
import { activeTrace } from '@cms/trace'

export type { Logger }

/**
 * The trace id of the request or message under way, on every line logged while it runs, so
 * one id finds a write's whole path through the services (docs/architecture.md, "Logs").
 */
function traceFields(): { traceId?: string } {
  const trace = activeTrace()
  return trace ? { traceId: trace.traceId } : {}
}

/** JSON logs on stdout, one line per event, with the service name on every line. */
export function createLogger(options: { service: string; level?: string }): Logger {
  return pino({
    level: options.level ?? 'info',
    base: { service: options.service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: traceFields,
  })
}
