import { randomUUID } from 'node:crypto'
import type { Logger } from '@cms/logger'
import type { DocumentsRepository } from '../data/documents-repository.ts'
import type { OutboxRepository } from '../data/outbox-repository.ts'
import type { SlugRegistry } from '../data/slug-registry.ts'
import type { VersionsRepository } from '../data/versions-repository.ts'
import { stateToStored } from './api-shape.ts'
import { EVENT_OF_REASON, versionKey } from './document.ts'
import type { ChangeReason, DocumentState, StoredVersion } from './document.ts'

export interface PlannedChange {
  documentId: string
  websiteId: string
  /** The version number this change claims: the current one + 1. */
  version: number
  reason: ChangeReason
  changedBy: string
  /** The document after the change (for a delete: its last state). */
  state: DocumentState
  now: Date
}

/** `applied`: committed and the document is up to date; `conflict`: another change took that version; `gone`: the document was deleted meanwhile. */
export type CommitOutcome = 'applied' | 'conflict' | 'gone'

export interface ChangeCommitter {
  commit(change: PlannedChange): Promise<CommitOutcome>
  /** Brings `documents` up to a committed version record (idempotent). */
  settle(record: StoredVersion): Promise<'applied' | 'gone'>
  /** Rolls the document forward over any committed versions it does not show yet. */
  catchUp(documentId: string): Promise<void>
}

/**
 * Told about each commit attempt (by the outbox relay): a pointer whose attempt is still in
 * flight is not read back, and a committed change is sent at once.
 */
export interface CommitListener {
  /** Before the attempt writes its pointer. */
  starting(eventId: string): void
  /**
   * The attempt is over: `committed` when its record was inserted (`settled`: the document
   * already shows the change, so nothing needs reading back), undefined when it lost or failed.
   */
  ended(eventId: string, committed?: { record: StoredVersion; settled: boolean }): void
}

export interface ChangeCommitterDeps {
  documents: DocumentsRepository
  versions: VersionsRepository
  outbox: OutboxRepository
  slugs: SlugRegistry
  listener: CommitListener
  logger: Pick<Logger, 'warn'>
}

const MAX_ROLL_FORWARD_STEPS = 100

/**
 * Writes without transactions (docs/content.md): a change commits with one insert into
 * `versions` keyed `<documentId>:<version>`, carrying the new state and the event. A duplicate
 * key is the lost race. Then `documents` is brought up to that version; anyone who finds it
 * behind (the next writer, the relay) finishes the job, so a crash in between loses nothing.
 * An outbox pointer written just before the insert lets the relay find the record cheaply.
 */
export function createChangeCommitter(deps: ChangeCommitterDeps): ChangeCommitter {
  const { documents, versions, slugs } = deps

  async function finishDelete(record: StoredVersion): Promise<void> {
    await documents.remove({ _id: record.documentId, websiteId: record.websiteId })
    // Records with unsent events (the tombstone too) stay until the relay has sent them.
    await versions.deleteSentBelow(
      record.documentId,
      record.version,
      await deps.outbox.unsentOf(record.documentId),
    )
    await slugs.release(
      { websiteId: record.websiteId, type: record.state.type, slug: record.state.slug },
      record.documentId,
    )
  }

  /**
   * On FerretDB a conditional replace is not atomic, so an older version can land after a newer
   * one. Whoever writes last walks forward from what is stored, which always ends at the newest.
   */
  async function catchUp(documentId: string): Promise<void> {
    for (let step = 0; step < MAX_ROLL_FORWARD_STEPS; step++) {
      const current = await documents.findById(documentId)
      if (!current) return
      const next = await versions.findById(versionKey(documentId, current.version + 1))
      if (!next) return
      if (next.reason === 'delete') return finishDelete(next)
      await documents.replaceIfOlder(stateToStored(documentId, next.state))
    }
  }

  async function settle(record: StoredVersion): Promise<'applied' | 'gone'> {
    if (record.reason === 'delete') {
      await finishDelete(record)
      return 'gone'
    }
    const stored = stateToStored(record.documentId, record.state)
    if (record.version === 1) {
      // A document inserted just now has had no reader, so no later version can exist yet.
      if (await documents.insertIfAbsent(stored)) return 'applied'
    } else if (
      !(await documents.replaceIfOlder(stored)) &&
      !(await documents.findById(record.documentId))
    ) {
      // Deleted meanwhile. The record stays: its event goes out before the delete's.
      return 'gone'
    }
    await catchUp(record.documentId)
    return 'applied'
  }

  return {
    async commit(change) {
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
      deps.listener.starting(eventId)
      let committed: { record: StoredVersion; settled: boolean } | undefined
      try {
        // The pointer first: whatever happens after it, the relay can find the version record.
        await deps.outbox.add({
          _id: eventId,
          versionId: record._id,
          documentId: record.documentId,
          websiteId: record.websiteId,
          createdAt: change.now,
        })
        if (!(await versions.insert(record))) {
          // Ours alone (the winner's pointer has its own event id); the relay drops it otherwise.
          await deps.outbox.remove([eventId])
          return 'conflict'
        }
        committed = { record, settled: false }
        const outcome = await settle(record)
        committed.settled = true
        return outcome === 'gone' && change.reason !== 'delete' ? 'gone' : 'applied'
      } catch (error) {
        if (!committed) throw error
        // Committed all the same: its pointer stays, and the relay settles it before sending.
        deps.logger.warn(
          { err: error, versionId: record._id },
          'settling a committed change failed',
        )
        return 'applied'
      } finally {
        deps.listener.ended(eventId, committed)
      }
    },
    settle,
    catchUp,
  }
}
