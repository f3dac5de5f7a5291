import type { Logger } from 'pino'
import type { AuditChains } from '@cms/audit/store'
import { startPeriodicTask } from '../background/periodic-task.ts'
import type { PeriodicTask } from '../background/periodic-task.ts'

const DAY_MS = 86_400_000
/** Entries one sweep command removes from one chain. */
const SWEEP_BATCH = 500

/**
 * Removes the audit entries older than `retentionDays` (docs/audit.md, "Retention and
 * lifecycle"), chain by chain, oldest first, a batch at a time; each chain keeps the point it
 * was swept through, so what is kept still verifies. `0` days keeps everything. Every gateway
 * instance sweeps; two sweeps at once remove nothing twice.
 */
export function startAuditSweep(deps: {
  chains: Pick<AuditChains, 'chainsWithEntriesBefore' | 'sweep'>
  retentionDays: number
  intervalMs: number
  now: () => Date
  logger: Pick<Logger, 'info' | 'warn'>
}): PeriodicTask | undefined {
  if (deps.retentionDays === 0) return undefined
  return startPeriodicTask({
    name: 'audit sweep',
    intervalMs: deps.intervalMs,
    logger: deps.logger,
    async task() {
      const before = new Date(deps.now().getTime() - deps.retentionDays * DAY_MS).toISOString()
      for (const chain of await deps.chains.chainsWithEntriesBefore(before)) {
        let removed = 0
        for (;;) {
          const batch = await deps.chains.sweep(chain, before, SWEEP_BATCH)
          removed += batch
          if (batch < SWEEP_BATCH) break
        }
        if (removed > 0) deps.logger.info({ chain, removed, before }, 'old audit entries removed')
      }
    },
  })
}
