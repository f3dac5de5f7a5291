import type { Logger } from 'pino'

/** When each key was last used: kept in memory per request, written in batches. */
export interface KeyUsage {
  /** No I/O: the latest time per key waits for the next flush. */
  record(keyHash: string, at: Date): void
  /** Writes what was recorded since the last flush (one command), keeping it on failure. */
  flush(): Promise<void>
  /** Stops the timer and flushes once more. */
  stop(): Promise<void>
}

/**
 * A key's last-used time without a database write per request: each instance keeps the latest
 * time per key and writes them every `flushEveryMs` as one batch of `$max` updates, so
 * instances never move a time back.
 */
export function createKeyUsage(deps: {
  store: { recordLastUsed(uses: ReadonlyMap<string, Date>): Promise<void> }
  flushEveryMs: number
  logger: Pick<Logger, 'warn'>
}): KeyUsage {
  let pending = new Map<string, Date>()
  let flushing: Promise<void> | undefined

  async function flushNow(): Promise<void> {
    if (pending.size === 0) return
    const batch = pending
    pending = new Map()
    try {
      await deps.store.recordLastUsed(batch)
    } catch (error) {
      deps.logger.warn({ err: error, keys: batch.size }, 'key last-used times not written; kept')
      for (const [hash, at] of batch) record(hash, at)
    }
  }

  function record(keyHash: string, at: Date): void {
    const known = pending.get(keyHash)
    if (!known || known < at) pending.set(keyHash, at)
  }

  const flush = (): Promise<void> => {
    flushing ??= flushNow().finally(() => {
      flushing = undefined
    })
    return flushing
  }

  const timer = setInterval(() => void flush(), deps.flushEveryMs)
  timer.unref?.()

  return {
    record,
    flush,
    async stop() {
      clearInterval(timer)
      await flushing
      await flush()
    },
  }
}
