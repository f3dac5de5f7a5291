import { randomUUID } from 'node:crypto'
import type { AuditRecord } from '@cms/audit'
import type { Logger } from '@cms/logger'
import { activeTrace } from '@cms/trace'
import type { StoredVersion } from '../document/document.ts'
import { entryEventOf, EVENT_OF_REASON } from '../document/entry-event.ts'
import type { EventLocale } from '../document/entry-event.ts'
import { versionKey } from '../document/version-id.ts'
import type { VersionApplier } from './apply-version.ts'
import type { ChangeLog } from './change-log.ts'
import type { OutboxCollection } from './collections/outbox.ts'
import type { VersionsCollection } from './collections/versions.ts'

/**
 * The version record a change would commit, before it has an id or event: its `version` is the
 * one it claims (the current one + 1), its `state` the document after it (a delete's: the last).
 */
export interface PlannedChange extends Pick<
  StoredVersion,
  'documentId' | 'websiteId' | 'version' | 'reason' | 'changedBy' | 'state'
> {
  now: Date
  /** For a localized document's event: `data` keyed by locale. */
  eventLocale?: EventLocale
  /** The change's audit record as the request made it; the commit names the version in it. */
  audit?: AuditRecord
}

/** `applied`: committed and the document is up to date; `conflict`: another change took that version; `gone`: the document was deleted meanwhile. */
export type CommitOutcome = 'applied' | 'conflict' | 'gone'

/** Told about each commit attempt (the outbox relay is). */
export interface CommitObserver {
  /** Before the attempt writes its pointer. */
  starting(eventId: string): void
  /**
   * The attempt is over: `committed` when its record was inserted (`settled`: the document
   * already shows the change), undefined when it lost or failed.
   */
  ended(eventId: string, committed?: { record: StoredVersion; settled: boolean }): void
}

/** The record of the committed change: the document's type and the version the change made. */
const auditOfCommit = (change: PlannedChange, audit: AuditRecord): AuditRecord => ({
  ...audit,
  time: change.now.toISOString(),
  target: {
    ...audit.target,
    kind: 'document',
    id: change.documentId,
    type: change.state.type,
    version: change.version,
  },
})

const traceOfRequest = (): { traceparent?: string } => {
  const traceparent = activeTrace()?.traceparent
  return traceparent ? { traceparent } : {}
}

export type VersionCommit = (change: PlannedChange) => Promise<CommitOutcome>

/**
 * Pointer, version record, document: the insert of the version record is the commit point,
 * the pointer before it carries the change's event ready to publish, and the document is
 * brought up to it after (docs/content.md, "The write protocol").
 */
export function createVersionCommit(deps: {
  versions: VersionsCollection
  outbox: OutboxCollection
  applier: VersionApplier
  observer: CommitObserver
  logger: Pick<Logger, 'warn'>
  /** Where the change's seq is claimed before its record is inserted (docs/sync.md). */
  changeLog?: ChangeLog
}): VersionCommit {
  return async function commit(change) {
    const record: StoredVersion = {
      _id: versionKey(change.documentId, change.version),
      documentId: change.documentId,
      websiteId: change.websiteId,
      version: change.version,
      reason: change.reason,
      changedBy: change.changedBy,
      state: change.state,
      event: {
        eventId: randomUUID(),
        name: EVENT_OF_REASON[change.reason],
        timestamp: change.now,
      },
      createdAt: change.now,
    }
    const eventId = record.event.eventId
    deps.observer.starting(eventId)
    let committed: { record: StoredVersion; settled: boolean } | undefined
    try {
      const seq = await deps.changeLog?.claim({
        websiteId: record.websiteId,
        documentId: record.documentId,
        type: record.state.type,
        version: record.version,
        versionId: record._id,
        eventId,
        event: record.event.name,
        published: record.state.status === 'published',
        createdAt: change.now,
      })
      const message = entryEventOf(record, change.eventLocale)
      await deps.outbox.add({
        _id: eventId,
        versionId: record._id,
        documentId: record.documentId,
        websiteId: record.websiteId,
        createdAt: change.now,
        // Built here, from the state being committed: the relay publishes it as it is.
        message: seq === undefined ? message : { ...message, seq },
        // The relay publishes later, outside the request: the event takes its trace from here.
        ...traceOfRequest(),
        ...(change.audit && { audit: auditOfCommit(change, change.audit) }),
      })
      if (!(await deps.versions.insert(record))) {
        // Ours alone (the winner's pointer has its own event id).
        await deps.outbox.remove([eventId])
        if (seq !== undefined) await deps.changeLog?.abandon(record.websiteId, seq)
        return 'conflict'
      }
      committed = { record, settled: false }
      const outcome = await deps.applier.settle(record)
      committed.settled = true
      return outcome === 'gone' && change.reason !== 'delete' ? 'gone' : 'applied'
    } catch (error) {
      if (!committed) throw error
      // Committed all the same: its pointer stays, and the relay settles it before sending.
      deps.logger.warn({ err: error, versionId: record._id }, 'settling a committed change failed')
      return 'applied'
    } finally {
      deps.observer.ended(eventId, committed)
    }
  }
}
