import { BUILT_IN_ROLES } from '@cms/contract'
import { ConflictError, ValidationError } from '@cms/errors'
import type { Logger } from '@cms/logger'
import { createWakeableLoop } from '../background/wakeable-loop.ts'
import type { ContentAudit } from '../audit/content-audit.ts'
import type { StoredRelease } from './release.ts'
import type { ReleaseApplier } from './release-applier.ts'
import type { ReleaseEvents } from './release-events.ts'
import type { ReleasesCollection } from './releases-collection.ts'
import type { VisibilityMarkers } from './visibility-marker.ts'

/** Releases read per look: the due ones first, then the next to fall due. */
const BATCH = 20

export interface ReleaseRunner {
  start(): void
  /** A release was scheduled here: look now. */
  wake(): void
  stop(): Promise<void>
}

/**
 * In every content writer: publishes due scheduled releases, resumes applies whose instance died
 * (its claim older than the lease) and sends unsent `release.publish` events. Each apply is
 * claimed first by an insert, so exactly one instance applies a release at a time. Between looks
 * it sleeps until the earliest release falls due, woken when this instance schedules one, and at
 * most `idleMs` (how late a release another instance scheduled runs should that instance die);
 * while a due release waits (applied elsewhere, failed) it looks again every `pollMs`.
 */
export function createReleaseRunner(deps: {
  releases: ReleasesCollection
  markers: VisibilityMarkers
  check: (caller: ReturnType<typeof systemCaller>, release: StoredRelease) => Promise<void>
  apply: ReleaseApplier
  events: ReleaseEvents
  audit: Pick<ContentAudit, 'systemRecordOf'>
  clock: () => Date
  logger: Logger
  leaseMs: number
  pollMs?: number
  idleMs?: number
}): ReleaseRunner {
  let stopped = true
  const pollMs = deps.pollMs ?? 1000
  const idleMs = deps.idleMs ?? 10_000

  async function failed(release: StoredRelease, error: ValidationError): Promise<void> {
    const { due: _due, ...rest } = release
    await deps.releases.save({
      ...rest,
      state: 'failed',
      error: { code: error.code, message: error.message, details: [...(error.details ?? [])] },
      updatedAt: deps.clock(),
    })
    await deps.releases.releaseClaims(release._id)
  }

  async function run(release: StoredRelease): Promise<void> {
    if (release.state === 'published') {
      // Applied; its instance may have died before the switch was given back or the event went.
      await deps.markers.end(release.websiteId, release._id)
      await deps.events.send(release)
      return
    }
    if (release.state !== 'scheduled' && release.state !== 'publishing') return
    const attempt = await deps.releases.claimApply(release, deps.clock(), deps.leaseMs)
    if (attempt === undefined) return
    const caller = systemCaller(release)
    if (release.state === 'scheduled') {
      try {
        await deps.check(caller, release)
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error
        await failed(release, error)
        return
      }
    }
    const auditOf = (entry: { documentId: string }, action: string) =>
      deps.audit.systemRecordOf({
        websiteId: release.websiteId,
        action,
        target: { kind: 'document', id: entry.documentId },
      })
    await deps.apply({ release, attempt, caller, auditOf }).catch(async (error: unknown) => {
      // Another release of the website is being applied: this one waits for its turn.
      if (!(error instanceof ConflictError)) throw error
      await deps.releases.releaseClaims(release._id)
    })
  }

  /** Acts on what is due; answers how long to sleep before the next look. */
  async function tick(): Promise<number> {
    const now = deps.clock()
    const earliest = await deps.releases.earliest(BATCH)
    // What ran may still be due (claimed elsewhere, failed): look again soon while any is.
    let ran = false
    for (const release of earliest) {
      if (stopped) return idleMs
      const dueInMs = (release.due?.getTime() ?? now.getTime()) - now.getTime()
      if (dueInMs > 0) return Math.min(dueInMs, ran ? pollMs : idleMs)
      ran = true
      await run(release).catch((error: unknown) =>
        deps.logger.warn(
          { err: error, releaseId: release._id },
          'release run failed; it is retried after its lease',
        ),
      )
    }
    return ran ? pollMs : idleMs
  }

  const loop = createWakeableLoop({
    look: tick,
    failed: (error) => {
      deps.logger.warn({ err: error }, 'release poll failed')
      return pollMs
    },
  })
  return {
    start() {
      stopped = false
      loop.start()
    },
    wake: () => loop.wake(),
    async stop() {
      stopped = true
      await loop.stop()
    },
  }
}

/** A scheduled or resumed apply acts for the key that asked for it, as a schedule's run does. */
export const systemCaller = (release: StoredRelease) => ({
  websiteId: release.websiteId,
  keyId: release.publishedBy ?? release.createdBy,
  permissions: BUILT_IN_ROLES.owner,
})
