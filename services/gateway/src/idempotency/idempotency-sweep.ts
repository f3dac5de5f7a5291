import type { Logger } from 'pino'
import { startPeriodicTask } from '../background/periodic-task.ts'
import type { PeriodicTask } from '../background/periodic-task.ts'

export type IdempotencySweep = PeriodicTask

/**
 * Deletes expired idempotency records every `intervalMs`, on every server: FerretDB has no TTL
 * index, and on MongoDB the sweep only finds what the TTL monitor (once a minute) has not yet
 * removed. Several gateway instances may sweep at once; deleting twice is harmless.
 */
export function startIdempotencySweep(deps: {
  sweep: (now: Date) => Promise<number>
  intervalMs: number
  now: () => Date
  logger: Pick<Logger, 'info' | 'warn'>
}): IdempotencySweep {
  return startPeriodicTask({
    name: 'idempotency sweep',
    intervalMs: deps.intervalMs,
    logger: deps.logger,
    async task() {
      const removed = await deps.sweep(deps.now())
      if (removed > 0) deps.logger.info({ removed }, 'expired idempotency keys removed')
    },
  })
}
