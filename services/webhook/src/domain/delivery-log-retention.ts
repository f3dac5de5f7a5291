import type { Logger } from 'pino'
import type { DeliveryLogSweep } from '../data/delivery-log-sweep.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** The first sweep after a start: soon, so instances that restart often still sweep. */
const FIRST_SWEEP_MAX_MS = 60_000

export interface DeliveryLogRetention {
  start(): void
  /** Waits for a sweep under way. */
  stop(): Promise<void>
}

/**
 * Removes delivery records (with their attempts and stored bodies) older than `days`, every
 * `intervalMs` (WEBHOOK_LOG_DAYS, docs/webhooks.md). `days` 0 keeps them forever. Every instance
 * sweeps; a sweep only deletes, so two at once cost time, never data.
 */
export function createDeliveryLogRetention(deps: {
  sweep: DeliveryLogSweep
  days: number
  intervalMs: number
  now: () => Date
  logger: Logger
}): DeliveryLogRetention {
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> | undefined
  let stopped = false

  async function sweepOnce(): Promise<void> {
    const before = new Date(deps.now().getTime() - deps.days * DAY_MS).toISOString()
    try {
      const swept = await deps.sweep.removeOlderThan(before)
      if (swept.deliveries + swept.attempts + swept.payloads > 0)
        deps.logger.info({ ...swept, before }, 'old delivery records removed')
    } catch (error) {
      deps.logger.warn({ err: error }, 'delivery log sweep failed; trying again next time')
    }
  }

  const schedule = (delayMs: number) => {
    if (stopped) return
    timer = setTimeout(() => {
      running = sweepOnce().finally(() => {
        running = undefined
        schedule(deps.intervalMs)
      })
    }, delayMs)
    timer.unref?.()
  }

  return {
    start() {
      if (deps.days > 0) schedule(Math.min(deps.intervalMs, FIRST_SWEEP_MAX_MS))
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
