import { LRUCache } from 'lru-cache'
import type { AuditRecord } from '@cms/audit'
import type { AuditLog } from '@cms/audit/store'
import { EVENTS_EXCHANGE } from '@cms/events'
import type { EntryEventMessage } from '@cms/events'
import type { Logger } from '@cms/logger'
import type { StoredVersion } from '../document/document.ts'
import { entryEventOf } from '../document/entry-event.ts'
import type { EventLocale } from '../document/entry-event.ts'
import type { VersionApplier } from './apply-version.ts'
import type { DocumentsCollection } from './collections/documents.ts'
import type { OutboxCollection, OutboxPointer } from './collections/outbox.ts'
import type { VersionsCollection } from './collections/versions.ts'
import type { CommitObserver } from './version-commit.ts'

/** What the relay needs of the broker client (`@cms/amqp`'s AmqpClient). */
export interface EventPublisher {
  isConnected(): boolean
  /** Resolves once the broker has confirmed the message. */
  publish(
    exchange: string,
    routingKey: string,
    body: Buffer,
    options?: {
      messageId?: string
      mandatory?: boolean
      contentType?: string
      type?: string
      timestamp?: number
      headers?: Record<string, string>
    },
  ): Promise<void>
}

export interface OutboxRelayDeps {
  outbox: OutboxCollection
  versions: VersionsCollection
  documents: DocumentsCollection
  applier: VersionApplier
  logger: Logger
  /**
   * Where the records pointers carry are appended (docs/audit.md, "Content"); absent only in the
   * write protocol's unit tests, whose pointers carry none.
   */
  audit?: Pick<AuditLog, 'appendAll'>
  batchSize?: number
  /** A pointer whose version never appeared this long after was left by a failed or lost write. */
  abandonedAfterMs?: number
  /**
   * Another process's pointer younger than this is left to that process's relay, which sends
   * it at once; older, its writer is taken to have died or lost its broker, and it is sent here.
   */
  othersAfterMs?: number
  clock?: () => Date
}

export interface RelayStart {
  publisher: EventPublisher
  pollMs: number
  onPublished?: (count: number) => void
}

/**
 * As the commit observer it stops each sweep at the pointer of a commit still in flight here
 * (its record may not exist yet) and takes the records this process committed and settled
 * from memory, sending them at once. It observes from creation; it publishes once started.
 */
export interface OutboxRelay extends CommitObserver {
  start(options: RelayStart): void
  /** Sends at once instead of at the next poll. */
  kick(): void
  stop(): Promise<void>
}

/**
 * Follows the outbox pointers to version records whose event is pending, publishes each
 * pointer's event as the commit built it, with publisher confirms, and marks it sent only once
 * confirmed (at least once; `eventId` is stable). Before sending it makes sure the document
 * shows the change, which finishes a write whose process died after its commit, and appends the
 * change's audit record the pointer carries (idempotent by the record's id), so a crash anywhere
 * between the commit and the pointer's removal loses neither the event nor the entry.
 * Records this process committed and settled are kept in memory until sent, so the relay does
 * not read them and their documents back; pointers other processes wrote are followed once they
 * are `othersAfterMs` old (their own relay sends them before that, unless it died).
 */
export function createOutboxRelay(deps: OutboxRelayDeps): OutboxRelay {
  const batchSize = deps.batchSize ?? 100
  const abandonedAfterMs = deps.abandonedAfterMs ?? 10 * 60_000
  const othersAfterMs = deps.othersAfterMs ?? OTHERS_AFTER_MS
  const clock = deps.clock ?? (() => new Date())
  let started: RelayStart | undefined
  let running = false
  let kicked = false
  let wake: (() => void) | undefined
  let loop: Promise<void> = Promise.resolve()
  /** Committed and settled here, not yet sent; bounded for a broker that stays away. */
  const settledHere = new LRUCache<string, StoredVersion>({ max: 10_000 })
  /** Event ids of commit attempts under way in this process. */
  const inFlight = new Set<string>()
  /** Pointers (event ids) of commit attempts that ended here, not yet removed; bounded. */
  const ownPointers = new LRUCache<string, true>({ max: 10_000 })
  /** Whether the last sweep left another process's recent pointers to it. */
  let leftToOthers = false

  /**
   * Makes sure the document shows the change before its event goes out, which finishes a write
   * whose process died after its commit. `shown` is the version the document showed when the
   * batch was read (undefined: no such document).
   */
  async function settle(record: StoredVersion, shown: number | undefined): Promise<void> {
    if (settledHere.has(record._id)) return
    if (record.reason === 'delete') {
      await deps.applier.settle(record)
      return
    }
    if (shown === undefined) await deps.applier.settleMissing(record)
    else if (shown < record.version) await deps.applier.settle(record)
  }

  /**
   * The versions the records' documents show, for the records not settled here: one read per
   * website of the batch, keyed by `inWebsite`.
   */
  async function shownVersions(records: readonly StoredVersion[]): Promise<Map<string, number>> {
    const unsettled = records.filter(
      (record) => record.reason !== 'delete' && !settledHere.has(record._id),
    )
    const shown = new Map<string, number>()
    for (const [websiteId, ids] of idsByWebsite(unsettled, (record) => record.documentId)) {
      const documents = await deps.documents.findMany(websiteId, ids, {
        projection: { _id: 1, version: 1 },
      })
      for (const document of documents)
        shown.set(inWebsite(websiteId, document._id!), document.version!)
    }
    return shown
  }

  /**
   * Once sent, the pointers go (one write for the batch), which is what marks the events sent.
   * After a tombstone, the deleted document's history goes too, but for records still unsent: a
   * change sent before its tombstone (the order the relay keeps) is removed here at the latest.
   */
  async function markDone(records: readonly StoredVersion[]): Promise<void> {
    // Forgotten before the pointers go: should that fail, the next sweep reads the records again.
    for (const record of records) {
      settledHere.delete(record._id)
      ownPointers.delete(record.event.eventId)
    }
    await deps.outbox.remove(records.map((record) => record.event.eventId))
    for (const record of records) {
      if (record.reason !== 'delete') continue
      const unsent = await deps.outbox.unsentOf(record.documentId)
      await deps.versions.deleteSentBelow(
        record.websiteId,
        record.documentId,
        record.version + 1,
        unsent,
      )
    }
  }

  /**
   * Each pointer's version record if its event is the pointer's: those committed here from
   * memory, the others in one read per website of the batch (not one per pointer, which on a
   * busy store would queue a batch of reads ahead of the requests). Drops a pointer whose attempt
   * lost its race (the record carries another event) or whose record never appeared (a failed
   * write, once abandoned).
   */
  async function recordsOf(
    pointers: readonly OutboxPointer[],
  ): Promise<Array<StoredVersion | undefined>> {
    const unknown = pointers.filter((pointer) => !settledHere.has(pointer.versionId))
    const read = new Map<string, StoredVersion>()
    for (const [websiteId, ids] of idsByWebsite(unknown, (pointer) => pointer.versionId))
      for (const record of await deps.versions.findMany(websiteId, ids))
        read.set(inWebsite(websiteId, record._id), record)
    const records: Array<StoredVersion | undefined> = []
    for (const pointer of pointers) {
      const record =
        settledHere.get(pointer.versionId) ??
        read.get(inWebsite(pointer.websiteId, pointer.versionId))
      if (record?.event.eventId === pointer._id) {
        records.push(record)
        continue
      }
      records.push(undefined)
      const abandoned = clock().getTime() - pointer.createdAt.getTime() > abandonedAfterMs
      if (record || abandoned) {
        await deps.outbox.remove([pointer._id])
        ownPointers.delete(pointer._id)
      }
    }
    return records
  }

  /**
   * A pointer written before events were built at commit carries none: its event is built from
   * its version record, which then still kept the event's locale (docs/content.md, "Upgrading").
   */
  const legacyEventOf = (record: StoredVersion): EntryEventMessage =>
    entryEventOf(record, (record.event as { locale?: EventLocale }).locale)

  function requireAudit(): Pick<AuditLog, 'appendAll'> {
    if (!deps.audit)
      throw new Error('outbox: a pointer carries an audit record and no audit log is wired')
    return deps.audit
  }

  /**
   * The pointers this relay sends: its own, and other processes' once they are `othersAfterMs`
   * old (two relays on one pointer send its event twice, and read its records back from storage
   * for nothing). A later change of a document whose pointer is left waits behind it.
   */
  function ownOrLeft(pointers: readonly OutboxPointer[]): OutboxPointer[] {
    const now = clock().getTime()
    const waiting = new Set<string>()
    const due = pointers.filter((pointer) => {
      if (waiting.has(pointer.documentId)) return false
      const ours = ownPointers.has(pointer._id)
      if (ours || now - pointer.createdAt.getTime() >= othersAfterMs) return true
      waiting.add(pointer.documentId)
      return false
    })
    leftToOthers = waiting.size > 0
    return due
  }

  /** One batch; true when there may be more right away. */
  async function sweep(): Promise<boolean> {
    const publisher = started?.publisher
    if (!publisher?.isConnected()) return false
    const pointers = await deps.outbox.oldest(batchSize)
    // Up to the first commit still under way here: it is sent once it ends (which kicks the
    // relay), and nothing after it goes first, so a change never follows its document's delete.
    const inFlightAt = pointers.findIndex((pointer) => inFlight.has(pointer._id))
    const due = ownOrLeft(inFlightAt === -1 ? pointers : pointers.slice(0, inFlightAt))
    const records = await recordsOf(due)
    const shown = await shownVersions(records.filter((record) => record !== undefined))
    const audits: AuditRecord[] = []
    const ready: Array<{
      record: StoredVersion
      message: EntryEventMessage
      traceparent?: string
    }> = []
    for (const [index, record] of records.entries()) {
      const pointer = due[index]!
      if (!record) continue
      await settle(record, shown.get(inWebsite(record.websiteId, record.documentId)))
      if (pointer.audit) audits.push(pointer.audit)
      const { traceparent } = pointer
      const message = pointer.message ?? legacyEventOf(record)
      ready.push({ record, message, ...(traceparent ? { traceparent } : {}) })
    }
    // In commit order, before any event goes; a record appended before is refused as such.
    if (audits.length > 0) await requireAudit().appendAll(audits)
    // Issued in order on one confirm channel; each is marked sent only after its confirm.
    const results = await Promise.allSettled(
      ready.map(({ message, traceparent }) =>
        publisher.publish(EVENTS_EXCHANGE, message.event, Buffer.from(JSON.stringify(message)), {
          messageId: message.eventId,
          // Returned while no consumer queue is bound yet (say, before the webhook service's
          // first start): the event stays in the outbox instead of being dropped.
          mandatory: true,
          contentType: 'application/json',
          type: message.event,
          timestamp: Math.floor(Date.parse(message.timestamp) / 1000),
          // The write's trace, which the webhook service carries on to its deliveries.
          ...(traceparent && { headers: { traceparent } }),
        }),
      ),
    )
    // Up to the first unconfirmed one: a change is never marked sent after its tombstone was
    // (which would leave it behind the deleted document's history).
    const unconfirmed = results.findIndex((result) => result.status !== 'fulfilled')
    const sent = unconfirmed === -1 ? ready.length : unconfirmed
    if (sent > 0) {
      await markDone(ready.slice(0, sent).map(({ record }) => record))
      started?.onPublished?.(sent)
    }
    if (sent < ready.length) {
      const refused = results[sent] as PromiseRejectedResult
      deps.logger.warn(
        { unsent: ready.length - sent, err: (refused.reason as Error)?.message },
        'outbox: the broker did not confirm every event; retrying later',
      )
      return false
    }
    return pointers.length === batchSize && sent > 0
  }

  function kick(): void {
    kicked = true
    wake?.()
  }

  async function run(): Promise<void> {
    while (running) {
      kicked = false
      try {
        while (running && (await sweep()));
      } catch (error) {
        deps.logger.warn({ err: error }, 'outbox relay sweep failed; retrying')
      }
      if (!running || kicked) continue
      // Left pointers are looked at again soon: one of ours may be behind them in the batch.
      const pollMs = started?.pollMs ?? 1000
      await new Promise<void>((resolve) => {
        const timer = setTimeout(
          resolve,
          leftToOthers ? Math.min(pollMs, OTHERS_RECHECK_MS) : pollMs,
        )
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      wake = undefined
    }
  }

  return {
    start(options) {
      if (running) return
      started = options
      running = true
      loop = run()
    },
    kick,
    starting(eventId) {
      inFlight.add(eventId)
    },
    ended(eventId, committed) {
      inFlight.delete(eventId)
      ownPointers.set(eventId, true)
      if (!committed) return
      if (committed.settled) settledHere.set(committed.record._id, committed.record)
      kick()
    },
    async stop() {
      running = false
      wake?.()
      await loop
    },
  }
}

/** What the owner's relay normally takes to send a pointer is milliseconds; a busy one, seconds. */
const OTHERS_AFTER_MS = 5000
const OTHERS_RECHECK_MS = 250

const inWebsite = (websiteId: string, id: string) => `${websiteId}\u0000${id}`

/** The distinct ids of `items` (by `idOf`), grouped by the website each belongs to. */
function idsByWebsite<T extends { websiteId: string }>(
  items: readonly T[],
  idOf: (item: T) => string,
): Map<string, string[]> {
  const grouped = new Map<string, Set<string>>()
  for (const item of items) {
    const ids = grouped.get(item.websiteId) ?? new Set<string>()
    grouped.set(item.websiteId, ids.add(idOf(item)))
  }
  return new Map([...grouped].map(([websiteId, ids]) => [websiteId, [...ids]]))
}
