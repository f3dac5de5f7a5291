import { pino } from 'pino'
import type { Logger } from 'pino'

export type { Logger }

/** JSON logs on stdout, one line per event, with the service name on every line. */
export function createLogger(options: { service: string; level?: string }): Logger {
  return pino({
    level: options.level ?? 'info',
    base: { service: options.service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  })
}
