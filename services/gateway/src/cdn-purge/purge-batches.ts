import type { Logger } from '@cms/logger'
import type { Purger } from './purger.ts'
import type { PurgeMetrics } from './purge-metrics.ts'
import { retryDelayMs } from './retry-backoff.ts'

/** A change taken from the queue: its tags, and how to acknowledge it once purged everywhere. */
export interface PendingPurge {
  tags: readonly string[]
  done(): void
}

export interface PurgeBatches {
  add(purge: PendingPurge): void
  /** Changes taken and not yet acknowledged. */
  pending(): number
  /** Gives up the batch under way; its changes stay unacknowledged (the broker requeues them). */
  stop(): Promise<void>
}

/** `tags` in runs of at most `size`. */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = []
  for (let start = 0; start < items.length; start += size)
    chunks.push(items.slice(start, start + size))
  return chunks
}

/**
 * Gathers the changes taken within `batchMs` into one batch, sends its distinct tags to every
 * purger in calls within each one's limit, and acknowledges the batch's changes only once every
 * purger took every call. A failing call is tried again after a jittered, doubling pause (at
 * most `retryMaxMs`) for as long as it fails; meanwhile newer changes gather into the next batch
 * (up to the consumer's prefetch), which goes once this one is done. Purges are idempotent, so
 * a call tried again, or a batch requeued after a restart, does no harm.
 */
export function createPurgeBatches(deps: {
  purgers: readonly Purger[]
  batchMs: number
  retryMaxMs: number
  metrics: PurgeMetrics
  logger: Logger
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
}): PurgeBatches {
  const stopping = new AbortController()
  const sleep =
    deps.sleep ??
    ((ms: number, signal: AbortSignal) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms)
        signal.addEventListener('abort', () => {
          clearTimeout(timer)
          resolve()
        })
      }))
  let gathering: PendingPurge[] = []
  let inBatch = 0
  let running: Promise<void> | undefined

  /** One call, tried until the purger takes it; false when stopped first. */
  async function untilTaken(purger: Purger, tags: string[]): Promise<boolean> {
    for (let attempt = 1; !stopping.signal.aborted; attempt++) {
      if (attempt > 1) deps.metrics.retried(purger.name)
      try {
        await purger.purge(tags)
        deps.metrics.sent(purger.name, tags.length)
        return true
      } catch (error) {
        deps.metrics.failed(purger.name)
        const delayMs = retryDelayMs(attempt, { maxMs: deps.retryMaxMs })
        deps.logger.warn(
          { err: (error as Error).message, purger: purger.name, tags: tags.length, delayMs },
          'cdn purge failed; trying again',
        )
        await sleep(delayMs, stopping.signal)
      }
    }
    return false
  }

  async function send(batch: PendingPurge[]): Promise<void> {
    const tags = [...new Set(batch.flatMap((purge) => purge.tags))]
    const taken = await Promise.all(
      deps.purgers.map(async (purger) => {
        for (const chunk of chunksOf(tags, purger.maxTagsPerCall))
          if (!(await untilTaken(purger, chunk))) return false
        return true
      }),
    )
    if (taken.every(Boolean)) for (const purge of batch) purge.done()
  }

  async function run(): Promise<void> {
    while (gathering.length > 0 && !stopping.signal.aborted) {
      await sleep(deps.batchMs, stopping.signal)
      if (stopping.signal.aborted) return
      const batch = gathering
      gathering = []
      inBatch = batch.length
      try {
        await send(batch)
      } finally {
        inBatch = 0
      }
    }
  }

  function ensureRunning(): void {
    if (running || gathering.length === 0 || stopping.signal.aborted) return
    running = run()
      .catch((error: unknown) => deps.logger.error({ err: error }, 'cdn purge batch failed'))
      .finally(() => {
        running = undefined
        ensureRunning()
      })
  }

  return {
    add(purge) {
      gathering.push(purge)
      ensureRunning()
    },
    pending: () => gathering.length + inBatch,
    async stop() {
      stopping.abort()
      await running
    },
  }
}
