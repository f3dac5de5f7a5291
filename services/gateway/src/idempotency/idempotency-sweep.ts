import type { Logger } from 'pino'

export interface IdempotencySweep {
  stop(): Promise<void>
}

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
  let running: Promise<void> | undefined
  const timer = setInterval(() => {
    if (running) return
    running = deps
      .sweep(deps.now())
      .then((removed) => {
        if (removed > 0) deps.logger.info({ removed }, 'expired idempotency keys removed')
      })
      .catch((error: unknown) => {
        deps.logger.warn({ err: (error as Error).message }, 'idempotency sweep failed; retrying')
      })
      .finally(() => {
        running = undefined
      })
  }, deps.intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
