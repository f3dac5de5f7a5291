import { Counter, Gauge } from 'prom-client'
import type { Registry } from 'prom-client'
import type { PurgerName } from './purge-settings.ts'

export interface PurgeMetrics {
  sent(purger: PurgerName, tags: number): void
  failed(purger: PurgerName): void
  retried(purger: PurgerName): void
}

/**
 * The purge figures on the gateway's `/metrics`: calls each purger took and refused, tries
 * again, messages taken from the queue and not yet purged everywhere, and each purger's last
 * success (alert on it growing old while changes are made).
 */
export function createPurgeMetrics(
  registry: Registry,
  pending: { inHand: () => number; inQueue: () => Promise<number | undefined> },
): PurgeMetrics {
  const registers = [registry]
  const labelNames = ['purger'] as const
  const sent = new Counter({
    name: 'cdn_purges_sent_total',
    help: 'Purge calls a purger took',
    labelNames,
    registers,
  })
  const tags = new Counter({
    name: 'cdn_purge_tags_sent_total',
    help: 'Cache tags sent in purge calls a purger took',
    labelNames,
    registers,
  })
  const failed = new Counter({
    name: 'cdn_purges_failed_total',
    help: 'Purge calls that failed (network, time-out, an answer not 2xx); each is tried again',
    labelNames,
    registers,
  })
  const retries = new Counter({
    name: 'cdn_purge_retries_total',
    help: 'Purge calls made again after a failure',
    labelNames,
    registers,
  })
  const lastSuccess = new Gauge({
    name: 'cdn_purge_last_success_seconds',
    help: 'Unix time of the last purge call a purger took',
    labelNames,
    registers,
  })
  new Gauge({
    name: 'cdn_purge_pending_messages',
    help: 'Changes taken from the purge queue and not yet purged at every purger',
    registers,
    collect() {
      this.set(pending.inHand())
    },
  })
  new Gauge({
    name: 'cdn_purge_queue_ready_messages',
    help: 'Changes waiting in the purge queue, not yet taken by any gateway instance',
    registers,
    async collect() {
      const ready = await pending.inQueue().catch(() => undefined)
      if (ready !== undefined) this.set(ready)
    },
  })
  return {
    sent(purger, count) {
      sent.inc({ purger })
      tags.inc({ purger }, count)
      lastSuccess.set({ purger }, Date.now() / 1000)
    },
    failed: (purger) => failed.inc({ purger }),
    retried: (purger) => retries.inc({ purger }),
  }
}
