import type { Logger } from '@cms/logger'
import type { MediaStore } from './media-store.ts'
import type { PendingBytes } from './pending-bytes.ts'

/** How many marks and claims one pass looks at; the next pass takes the rest. */
const BATCH = 100

export interface OrphanSweepDeps {
  store: MediaStore
  pending: PendingBytes
  clock: () => Date
  logger: Logger
  everyMs: number
  /** Bytes are orphans once their mark, and their last chunk, are this old. */
  orphanAfterMs: number
}

export interface OrphanSweep {
  /** One pass: what it removed. */
  sweep(): Promise<{ files: number; variants: number }>
  start(): void
  stop(): Promise<void>
}

/**
 * Removes GridFS bytes that a process killed mid-upload or mid-delete left without a media
 * record, and the partial chunks of a transform whose maker died. Runs in every content writer
 * (removing is idempotent). A mark older than `orphanAfterMs` whose record exists is only taken
 * away (the upload finished); one whose file still got a chunk within that time is left (an
 * upload still streaming).
 */
export function createOrphanSweep(deps: OrphanSweepDeps): OrphanSweep {
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<unknown> | undefined
  let stopped = true
  /** Set by stop(): a pass under way ends after the file it is at. */
  let halting = false

  async function sweepFiles(cutoff: Date): Promise<number> {
    let removed = 0
    for (const mark of await deps.pending.before(cutoff, BATCH)) {
      if (halting) break
      if (!(await deps.store.recordExists(mark._id))) {
        const last = await deps.pending.lastChunkAt(mark._id)
        if (last && last >= cutoff) continue
        await deps.store.removeBytes(mark._id)
        removed++
      }
      await deps.pending.clear(mark._id, mark.since)
    }
    return removed
  }

  /** A stale claim is taken over the way a maker would, so no maker writes while it is swept. */
  async function sweepVariants(cutoff: Date): Promise<number> {
    let removed = 0
    const staleMs = deps.orphanAfterMs
    for (const id of await deps.store.claimsBefore(cutoff, BATCH)) {
      if (halting) break
      if (!(await deps.store.claimVariant(id, deps.clock(), staleMs))) continue
      try {
        if (!(await deps.store.variant(id))) {
          await deps.store.deleteFile(id)
          removed++
        }
      } finally {
        await deps.store.releaseClaim(id)
      }
    }
    return removed
  }

  async function sweep(): Promise<{ files: number; variants: number }> {
    const cutoff = new Date(deps.clock().getTime() - deps.orphanAfterMs)
    const result = { files: await sweepFiles(cutoff), variants: await sweepVariants(cutoff) }
    if (result.files + result.variants > 0)
      deps.logger.info(result, 'removed media bytes left without a record')
    return result
  }

  function next(delayMs: number): void {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(() => {
      running = sweep()
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'media orphan sweep failed'))
        .finally(() => {
          running = undefined
          next(deps.everyMs)
        })
    }, delayMs)
    timer.unref?.()
  }

  return {
    sweep,
    start() {
      stopped = false
      halting = false
      next(deps.everyMs)
    },
    async stop() {
      stopped = true
      halting = true
      clearTimeout(timer)
      await running
    },
  }
}
