import type { Logger } from '@cms/logger'
import type { ChangesCollection } from '../store/collections/changes.ts'

const DAY_MS = 86_400_000
const EVERY_MS = 3_600_000

/**
 * Removes change log entries older than the retention window once an hour (and at start), each
 * website's newest kept: the writers find the head from it. A sync token whose position went
 * is 410 GONE (docs/sync.md, "Retention").
 */
export function createChangeLogSweep(deps: {
  changes: Pick<ChangesCollection, 'purgeBefore'>
  retentionDays: number
  clock: () => Date
  logger: Pick<Logger, 'info' | 'warn'>
}) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> = Promise.resolve()
  let stopped = true

  async function pass(): Promise<void> {
    try {
      const cutoff = new Date(deps.clock().getTime() - deps.retentionDays * DAY_MS)
      const removed = await deps.changes.purgeBefore(cutoff)
      if (removed > 0) deps.logger.info({ removed }, 'change log entries past retention removed')
    } catch (error) {
      deps.logger.warn({ err: error }, 'change log sweep failed; the next pass tries again')
    }
  }

  function schedule(delayMs: number): void {
    if (stopped) return
    timer = setTimeout(() => {
      running = pass().then(() => schedule(EVERY_MS))
    }, delayMs)
  }

  return {
    start(): void {
      stopped = false
      running = pass().then(() => schedule(EVERY_MS))
    },
    async stop(): Promise<void> {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}
