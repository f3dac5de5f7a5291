import type { Logger } from 'pino'
import type { PurgeBatchResult } from '@cms/website-data'
import type { PurgeLeases } from '../data/purge-leases.ts'
import type { PurgesRepository } from '../data/purges-repository.ts'
import type { Purge, PurgeStepName } from './purge.ts'

/** One service's part of a purge: removes one batch of the website's records there. */
export interface PurgeStep {
  name: PurgeStepName
  batch(websiteId: string, limit: number): Promise<PurgeBatchResult>
}

export interface PurgeRunner {
  start(): void
  /** Looks for work now (a website was just deleted) instead of at the next poll. */
  kick(): void
  /** Finishes the batch under way, gives up its purge to other runners, stops. */
  stop(): Promise<void>
}

/** A purge this runner works on is its own for this long after each batch (or until given up). */
export const PURGE_LEASE_MS = 30_000

/**
 * Works through unfinished purges, oldest first, one batch at a time, step after step
 * (docs/lifecycle.md). Each batch's counts are written to the purge before the next one, so a
 * runner that stops (or a gateway that dies) leaves the purge where another runner (or the next
 * start) resumes it; batches are idempotent, so repeating one removes nothing twice. A failing
 * step records its error and is tried again at the next poll.
 */
export function createPurgeRunner(deps: {
  purges: PurgesRepository
  leases: PurgeLeases
  /** Whether the website of an import exists: an import that died after creating it is done. */
  websiteExists: (websiteId: string) => Promise<boolean>
  steps: readonly PurgeStep[]
  batchSize: number
  /** The longest it sleeps when nothing told it of a purge (another instance's delete, say). */
  pollMs: number
  /** How soon it tries a purge again that stopped short (a failing service, another runner). */
  retryMs: number
  owner: string
  clock: () => Date
  logger: Logger
}): PurgeRunner {
  let stopped = true
  let timer: ReturnType<typeof setTimeout> | undefined
  let cycle: Promise<void> | undefined
  let again = false

  /** Works the purge to its end; false when it stopped short (a failed step, another runner). */
  async function runPurge(purge: Purge): Promise<boolean> {
    const id = purge.websiteId
    let leasedAt = 0
    /** Takes the purge, and renews the lease once a third of it has passed. */
    const holding = async () => {
      const now = deps.clock()
      if (now.getTime() - leasedAt < PURGE_LEASE_MS / 3) return true
      if (!(await deps.leases.take(id, deps.owner, now, PURGE_LEASE_MS))) return false
      leasedAt = now.getTime()
      return true
    }
    for (const step of deps.steps) {
      if (purge.steps[step.name]?.state === 'done') continue
      for (;;) {
        if (stopped || !(await holding())) return false
        let result: PurgeBatchResult
        try {
          result = await step.batch(id, deps.batchSize)
        } catch (error) {
          const message = (error as Error).message
          deps.logger.warn({ websiteId: id, step: step.name, err: error }, 'purge step failed')
          await deps.purges.recordError(id, step.name, message, deps.clock())
          return false
        }
        await deps.purges.recordBatch(id, step.name, result, deps.clock())
        if (result.done) break
      }
    }
    await deps.purges.finish(id, deps.clock())
    await deps.leases.drop(id)
    deps.logger.info({ websiteId: id, reason: purge.reason }, 'website purged')
    return true
  }

  /** An import's purge waits while the import is alive; a dead import's website is purged. */
  async function ready(purge: Purge, now: Date): Promise<Purge | undefined> {
    if (purge.state === 'importing') {
      if (purge.heldUntil && purge.heldUntil > now) return undefined
      if (await deps.websiteExists(purge.websiteId)) {
        await deps.purges.release(purge.websiteId)
        return undefined
      }
      await deps.purges.startHeld(purge.websiteId, 'import-abandoned', now)
      return { ...purge, state: 'running', reason: 'import-abandoned', notBefore: now }
    }
    return purge.notBefore > now ? undefined : purge
  }

  /**
   * One pass over the unfinished purges; answers when to look again: at the first moment one of
   * them may be worked (its grace or an import's hold ends), soon after a purge stopped short,
   * and otherwise after `pollMs`, for purges only another instance was told of.
   */
  async function runOnce(): Promise<number> {
    let nextMs = deps.pollMs
    const lookAgainIn = (ms: number) => (nextMs = Math.min(nextMs, Math.max(0, ms)))
    try {
      for (const found of await deps.purges.unfinished(100)) {
        if (stopped) break
        const now = deps.clock()
        const purge = await ready(found, now)
        if (!purge) {
          const until = found.state === 'importing' ? found.heldUntil : found.notBefore
          lookAgainIn(until ? until.getTime() - now.getTime() : deps.retryMs)
        } else if (!(await runPurge(purge))) lookAgainIn(deps.retryMs)
      }
    } catch (error) {
      deps.logger.warn({ err: error }, 'purge runner cycle failed; trying again')
      lookAgainIn(deps.retryMs)
    }
    return nextMs
  }

  function schedule(delayMs: number): void {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(() => {
      timer = undefined
      cycle = runOnce().then((nextMs) => {
        cycle = undefined
        const next = again ? 0 : nextMs
        again = false
        schedule(next)
      })
    }, delayMs)
    timer.unref?.()
  }

  return {
    start() {
      stopped = false
      schedule(0)
    },
    kick() {
      if (cycle) again = true
      else schedule(0)
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await cycle
      const unfinished = await deps.purges.unfinished(100).catch(() => [])
      await Promise.allSettled(
        unfinished.map((purge) => deps.leases.giveUp(purge.websiteId, deps.owner)),
      )
    },
  }
}
