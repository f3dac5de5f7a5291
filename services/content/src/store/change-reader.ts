import type { EntryEventName } from '@cms/events'
import type { StoredVersion } from '../document/document.ts'
import type { ChangeEntry, ChangesCollection } from './collections/changes.ts'
import type { DocumentsCollection } from './collections/documents.ts'
import type { VersionsCollection } from './collections/versions.ts'
import type { ChangeLog } from './change-log.ts'

/** A committed change of the log: the version record it committed, or a deletion. */
export interface ResolvedChange {
  seq: number
  documentId: string
  type: string
  event: EntryEventName
  /** The state at this seq; absent when the document is deleted (or this was its delete). */
  record?: StoredVersion
  /** The entry's `published`: the published view after the change, as its writer claimed it. */
  published?: boolean
}

/** The resolved changes after a seq, and where reading stopped. */
export interface ChangeBatch {
  changes: ResolvedChange[]
  /** The last seq consumed (void entries included): the next read starts after it. */
  through: number
  /** A change that may still commit stopped the read before `limit` or `upTo`. */
  blocked: boolean
}

type Resolution =
  { kind: 'pending' } | { kind: 'void' } | { kind: 'committed'; change: ResolvedChange }

const BATCH = 100

/** The version records of a batch of entries, and the versions of documents without one. */
interface StoredState {
  records: Map<string, StoredVersion>
  versionOf: Map<string, number>
}

/** What an entry tells of its change without the version record. */
const changeOf = (entry: ChangeEntry): ResolvedChange => ({
  seq: entry.seq,
  documentId: entry.documentId,
  type: entry.type,
  event: entry.event,
  ...(entry.published !== undefined && { published: entry.published }),
})

/**
 * The readers' side of the change log (docs/sync.md): an entry is committed when its version
 * record carries its event, or its document is gone; void when another event took the version
 * or its writer gave up; pending otherwise until it is older than the grace period. Reads stop
 * at the first pending entry, so nobody is handed a position past a change that may still land.
 */
export function createChangeReader(deps: {
  changes: ChangesCollection
  versions: VersionsCollection
  documents: DocumentsCollection
  changeLog: Pick<ChangeLog, 'head'>
  clock: () => Date
  graceMs: number
}) {
  const { changes, versions, documents } = deps

  /** What the change log's entries stand for, read with one query per collection. */
  async function storedStateOf(entries: ChangeEntry[]): Promise<StoredState> {
    const live = entries.filter((entry) => !entry.void)
    if (live.length === 0) return { records: new Map(), versionOf: new Map() }
    const websiteId = live[0]!.websiteId
    const found = await versions.findMany(
      websiteId,
      live.map((entry) => entry.versionId),
    )
    const records = new Map(found.map((record) => [record._id, record]))
    const unrecorded = live.filter((entry) => !records.has(entry.versionId))
    const present = await documents.findMany(
      websiteId,
      [...new Set(unrecorded.map((entry) => entry.documentId))],
      { projection: { _id: 1, version: 1 } },
    )
    const versionOf = new Map(
      present.map((document) => [document._id!, document.version!] as const),
    )
    return { records, versionOf }
  }

  function resolve(entry: ChangeEntry, stored: StoredState, now: Date): Resolution {
    if (entry.void) return { kind: 'void' }
    const base = changeOf(entry)
    const record = stored.records.get(entry.versionId)
    if (record) {
      if (record.event.eventId !== entry.eventId) return { kind: 'void' }
      return {
        kind: 'committed',
        change: record.reason === 'delete' ? base : { ...base, record },
      }
    }
    const version = stored.versionOf.get(entry.documentId)
    // Only a delete removes a document that had a version before this one.
    if (version === undefined && entry.version > 1) return { kind: 'committed', change: base }
    if (version !== undefined && version >= entry.version) return { kind: 'void' }
    const young = now.getTime() - entry.createdAt.getTime() < deps.graceMs
    return young ? { kind: 'pending' } : { kind: 'void' }
  }

  /**
   * Resolves entries in seq order. A create that looks pending (no record, no document) while a
   * later change of its document committed was committed and deleted since: its records went
   * with the document.
   */
  async function resolveAll(entries: ChangeEntry[], now: Date): Promise<Resolution[]> {
    const stored = await storedStateOf(entries)
    const resolutions = entries.map((entry) => resolve(entry, stored, now))
    const settledAt = new Map<string, number>()
    resolutions.forEach((resolution, index) => {
      if (resolution.kind === 'committed') settledAt.set(entries[index]!.documentId, index)
    })
    return resolutions.map((resolution, index) => {
      const entry = entries[index]!
      if (resolution.kind !== 'pending' || (settledAt.get(entry.documentId) ?? -1) <= index)
        return resolution
      return { kind: 'committed', change: changeOf(entry) }
    })
  }

  return {
    /** The committed changes in (after, upTo], at most `limit` of them, in seq order. */
    async read(options: {
      websiteId: string
      after: number
      upTo: number
      limit: number
    }): Promise<ChangeBatch> {
      const { websiteId, upTo, limit } = options
      const now = deps.clock()
      const found: ResolvedChange[] = []
      let through = options.after
      while (through < upTo && found.length < limit) {
        const entries = await changes.after(websiteId, through, upTo, BATCH)
        if (entries.length === 0) break
        const resolutions = await resolveAll(entries, now)
        for (const [index, resolution] of resolutions.entries()) {
          const entry = entries[index]!
          // Entries are contiguous: a missing seq is one being claimed right now.
          if (resolution.kind === 'pending' || entry.seq !== through + 1)
            return { changes: found, through, blocked: true }
          if (resolution.kind === 'committed') found.push(resolution.change)
          through = entry.seq
          if (found.length === limit) break
        }
      }
      return { changes: found, through, blocked: false }
    },

    /**
     * Whether the changes after `seq` are no longer all kept: the retention sweep removed
     * entry `seq` (or the first one, for 0), though never a website's newest.
     */
    async isGone(websiteId: string, seq: number): Promise<boolean> {
      if (seq > 0) return !(await changes.exists(websiteId, seq))
      return (await deps.changeLog.head(websiteId)) > 0 && !(await changes.exists(websiteId, 1))
    },

    /** The highest seq below which every entry is resolved: a position safe to hand out. */
    async resolvedHead(websiteId: string): Promise<number> {
      const now = deps.clock()
      const head = await deps.changeLog.head(websiteId)
      const young: ChangeEntry[] = []
      let from = head
      for (;;) {
        const entries = await changes.downFrom(websiteId, from, BATCH)
        const recent = entries.filter(
          (entry) => now.getTime() - entry.createdAt.getTime() < deps.graceMs,
        )
        young.push(...recent)
        if (recent.length < BATCH || entries.length < BATCH) break
        from = entries[entries.length - 1]!.seq - 1
      }
      young.sort((a, b) => a.seq - b.seq)
      const resolutions = await resolveAll(young, now)
      const pending = resolutions.findIndex((resolution) => resolution.kind === 'pending')
      return pending === -1 ? head : young[pending]!.seq - 1
    },
  }
}

export type ChangeReader = ReturnType<typeof createChangeReader>
