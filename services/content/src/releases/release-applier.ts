import { randomUUID } from 'node:crypto'
import type { AuditRecord } from '@cms/audit'
import { AppError, ConflictError } from '@cms/errors'
import type { Caller } from '@cms/http'
import type { Logger } from '@cms/logger'
import type { ContentService } from '../domain/content-service.ts'
import type { DocumentStore } from '../document/document-store.ts'
import { releaseWriteKey } from './release.ts'
import type { ReleaseEventMessage } from '@cms/events'
import type { StoredRelease, StoredReleaseEntry } from './release.ts'
import type { ReleaseEvents } from './release-events.ts'
import type { ReleasesCollection } from './releases-collection.ts'
import type { VisibilityMarkers } from './visibility-marker.ts'

/** An apply this instance gave up because another instance claimed the release after it. */
class TakenOver extends Error {}

export interface ApplyRequest {
  release: StoredRelease
  /** The claim this applier holds (`claimApply`). */
  attempt: number
  /** In whose name the documents change. */
  caller: Caller
  /** The audit record of a change of an entry's document (`document.publish`, ...). */
  auditOf: (entry: StoredReleaseEntry, action: string) => AuditRecord | undefined
}

/**
 * Applies a checked release (docs/releases.md, "Applying"): takes the website's switch, marks
 * the release as being applied, makes each entry's change through the single publish and
 * unpublish (a named version is restored first), each change keyed by the release so that a
 * resumed apply skips what is done, then marks it applied and sends its `release.publish`.
 */
export function createReleaseApplier(deps: {
  releases: ReleasesCollection
  markers: VisibilityMarkers
  service: Pick<ContentService, 'publish' | 'unpublish' | 'restore'>
  store: Pick<DocumentStore, 'findDocument'>
  events: ReleaseEvents
  clock: () => Date
  logger: Logger
  leaseMs: number
}) {
  /** Makes the entry's change unless this release made it already; the document's version after. */
  async function applyEntry(request: ApplyRequest, entry: StoredReleaseEntry) {
    const { release, caller } = request
    const done = releaseWriteKey(release._id, 'apply')
    const current = await deps.store.findDocument(release.websiteId, entry.documentId)
    if (current?.writeKey === done) return current.version
    const changeFor = (action: string) => {
      const audit = request.auditOf(entry, `document.${action}`)
      return { caller, id: entry.documentId, ...(audit && { audit }) }
    }
    if (
      entry.version !== undefined &&
      current?.writeKey !== releaseWriteKey(release._id, 'restore')
    )
      await deps.service.restore({
        ...changeFor('restore'),
        versionId: String(entry.version),
        writeKey: releaseWriteKey(release._id, 'restore'),
      })
    const { document } = await deps.service[entry.action]({
      ...changeFor(entry.action),
      writeKey: done,
    })
    return document.version
  }

  async function applyEntries(request: ApplyRequest): Promise<ReleaseEventMessage['documents']> {
    const { release } = request
    let attempt = request.attempt
    let renewedAt = deps.clock().getTime()
    const documents: ReleaseEventMessage['documents'] = []
    for (const entry of release.entries) {
      const now = deps.clock()
      if (now.getTime() - renewedAt > deps.leaseMs / 3) {
        if (!(await deps.releases.renewApply(release, attempt, now))) throw new TakenOver()
        attempt += 1
        renewedAt = now.getTime()
      }
      const version = await applyEntry(request, entry)
      documents.push({ id: entry.documentId, type: entry.type, action: entry.action, version })
    }
    return documents
  }

  /** The release applied (`published`); a domain error of an entry leaves it `failed`. */
  return async function apply(request: ApplyRequest): Promise<StoredRelease> {
    const { release } = request
    const { websiteId } = release
    const publishing: StoredRelease = {
      ...release,
      state: 'publishing',
      publishedBy: request.caller.keyId,
      due: deps.clock(),
      updatedAt: deps.clock(),
    }
    delete publishing.error
    // Saved before the switch is taken: a writer that dies holding it leaves a release to resume.
    await deps.releases.save(publishing)
    if (!(await deps.markers.hold(websiteId, release._id, deps.clock()))) {
      await deps.releases.save(release)
      throw new ConflictError('Another release of this website is being published; try again')
    }
    await deps.markers.begin(websiteId, release._id)
    let documents: ReleaseEventMessage['documents']
    try {
      documents = await applyEntries({ ...request, release: publishing })
    } catch (error) {
      if (error instanceof TakenOver) {
        deps.logger.warn({ releaseId: release._id }, 'release apply taken over by another instance')
        return publishing
      }
      if (!(error instanceof AppError)) throw error
      // A change its check could not foresee (a slug taken meanwhile): what is applied stays.
      const failed: StoredRelease = {
        ...publishing,
        state: 'failed',
        error: {
          code: error.code,
          message: error.message,
          ...(error.details && { details: [...error.details] }),
        },
        updatedAt: deps.clock(),
      }
      delete failed.due
      await deps.releases.save(failed)
      await deps.markers.end(websiteId, release._id)
      await deps.releases.releaseClaims(release._id)
      return failed
    }
    const now = deps.clock()
    const published: StoredRelease = {
      ...publishing,
      state: 'published',
      publishedAt: now,
      updatedAt: now,
      due: now,
      pendingEvent: {
        eventId: randomUUID(),
        event: 'release.publish',
        timestamp: now.toISOString(),
        websiteId,
        release: { id: release._id, name: release.name },
        documents,
      },
    }
    await deps.releases.save(published)
    await deps.markers.end(websiteId, release._id)
    await deps.releases.releaseClaims(release._id)
    return deps.events.send(published)
  }
}

export type ReleaseApplier = ReturnType<typeof createReleaseApplier>
