import got from 'got'
import type { Logger } from 'pino'
import type { AuditLog, AuditStore } from '@cms/audit/store'
import { startPeriodicTask } from '../background/periodic-task.ts'
import type { PeriodicTask } from '../background/periodic-task.ts'

/** Entries are timed by their writers' clocks: a change is looked for this much further back. */
const CLOCK_SLACK_MS = 60_000

/**
 * Every `intervalMs`, the head of each chain that changed since this instance last exported it
 * is written to the log (`audit head`: chain, seq, hash) and, with `webhook`, POSTed there as
 * `{heads: [{chain, seq, hash}], exportedAt}`. Kept outside the database, a head shows a chain
 * cut short later (`cms audit verify --head <seq>:<hash>`).
 */
export function startAuditHeadExport(deps: {
  store: Pick<AuditStore, 'chainsChangedSince'>
  log: Pick<AuditLog, 'head'>
  intervalMs: number
  webhook?: string
  now: () => Date
  logger: Pick<Logger, 'info' | 'warn'>
}): PeriodicTask {
  const exported = new Map<string, number>()
  let since = deps.now().getTime() - deps.intervalMs
  return startPeriodicTask({
    name: 'audit head export',
    intervalMs: deps.intervalMs,
    logger: deps.logger,
    async task() {
      const startedAt = deps.now().getTime()
      const changed = await deps.store.chainsChangedSince(
        new Date(since - CLOCK_SLACK_MS).toISOString(),
      )
      const heads = []
      for (const chain of changed.sort()) {
        const head = await deps.log.head(chain)
        if (head.seq === 0 || exported.get(chain) === head.seq) continue
        heads.push(head)
      }
      for (const head of heads) deps.logger.info(head, 'audit head')
      // A webhook that fails leaves `since` where it was: the next run sends these heads again.
      if (deps.webhook && heads.length > 0)
        await got.post(deps.webhook, {
          json: { heads, exportedAt: new Date(startedAt).toISOString() },
          timeout: { request: 5000 },
          retry: { limit: 2, methods: ['POST'] },
        })
      for (const head of heads) exported.set(head.chain, head.seq)
      since = startedAt
    },
  })
}
