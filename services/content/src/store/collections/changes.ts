import type { Db } from 'mongodb'
import type { EntryEventName } from '@cms/events'
import { insertAllUnlessTaken } from '@cms/mongo'

/**
 * One change of the website's change log (docs/sync.md): `seq` is claimed by inserting
 * `<websiteId>:<seq>` before the version record `versionId` carrying `eventId` is inserted.
 */
export interface ChangeEntry {
  _id: string
  websiteId: string
  seq: number
  documentId: string
  type: string
  /** The document's version this change commits. */
  version: number
  versionId: string
  eventId: string
  event: EntryEventName
  /**
   * Whether the document is published after the change (a delete: when it was deleted), which
   * the published view needs once a deleted document's records are gone; absent on entries
   * claimed before it was recorded.
   */
  published?: boolean
  createdAt: Date
  /** Set by the writer that lost the version race: this change never commits. */
  void?: true
}

export interface ChangesCollection {
  /** One command for all: false for each whose seq is already taken. */
  claimAll(entries: ChangeEntry[]): Promise<boolean[]>
  exists(websiteId: string, seq: number): Promise<boolean>
  find(websiteId: string, seq: number): Promise<ChangeEntry | null>
  /** The website's newest entry kept. */
  newest(websiteId: string): Promise<ChangeEntry | null>
  /** The entries after `seq`, in seq order, up to `through` and `limit`. */
  after(websiteId: string, seq: number, through: number, limit: number): Promise<ChangeEntry[]>
  /** The entries from `seq` down, newest first. */
  downFrom(websiteId: string, seq: number, limit: number): Promise<ChangeEntry[]>
  markVoid(websiteId: string, seq: number): Promise<void>
  /** Removes entries older than `cutoff`, keeping each website's newest (its head). */
  purgeBefore(cutoff: Date): Promise<number>
}

export const changeKey = (websiteId: string, seq: number): string => `${websiteId}:${seq}`

export function changesCollection(db: Db): ChangesCollection {
  const changes = db.collection<ChangeEntry>('changes')
  const byKey = (websiteId: string, seq: number) =>
    changes.findOne({ _id: changeKey(websiteId, seq) })
  return {
    claimAll: (entries) => insertAllUnlessTaken(changes, entries),
    async exists(websiteId, seq) {
      return (await byKey(websiteId, seq)) !== null
    },
    find: byKey,
    newest: (websiteId) => changes.findOne({ websiteId }, { sort: { seq: -1 } }),
    after: (websiteId, seq, through, limit) =>
      changes
        .find({ websiteId, seq: { $gt: seq, $lte: through } })
        .sort({ seq: 1 })
        .limit(limit)
        .toArray(),
    downFrom: (websiteId, seq, limit) =>
      changes
        .find({ websiteId, seq: { $lte: seq } })
        .sort({ seq: -1 })
        .limit(limit)
        .toArray(),
    async markVoid(websiteId, seq) {
      await changes.updateOne({ _id: changeKey(websiteId, seq) }, { $set: { void: true } })
    },
    async purgeBefore(cutoff) {
      let removed = 0
      const websites = new Set<string>()
      const old = changes
        .find({ createdAt: { $lt: cutoff } }, { projection: { websiteId: 1 } })
        .sort({ createdAt: 1 })
      for await (const entry of old) websites.add(entry.websiteId)
      for (const websiteId of websites) {
        const head = await changes.findOne({ websiteId }, { sort: { seq: -1 } })
        if (!head) continue
        const result = await changes.deleteMany({
          websiteId,
          seq: { $lt: head.seq },
          createdAt: { $lt: cutoff },
        })
        removed += result.deletedCount
      }
      return removed
    },
  }
}
