import type { DocumentsCollection } from '../src/store/collections/documents.ts'
import type { OutboxCollection, OutboxPointer } from '../src/store/collections/outbox.ts'
import type { Claim, ClaimsCollection } from '../src/store/collections/claims.ts'
import type { SlugsCollection } from '../src/store/collections/slugs.ts'
import { keyOf as uniqueKey } from '../src/store/collections/unique-values.ts'
import type { UniqueValuesCollection } from '../src/store/collections/unique-values.ts'
import type { VersionsCollection } from '../src/store/collections/versions.ts'
import type { StoredDocument, StoredVersion } from '../src/document/document.ts'

/**
 * Repositories over maps for unit tests of the write protocol. Inserts are atomic on their key,
 * as on both servers; `replace` looks, pauses, then writes by id without re-checking,
 * so a replace can land after a newer one, as on FerretDB.
 */
export interface InMemoryStore {
  documents: DocumentsCollection
  versions: VersionsCollection
  outbox: OutboxCollection
  slugs: SlugsCollection
  uniques: UniqueValuesCollection
  docs: Map<string, StoredDocument>
  records: Map<string, StoredVersion>
  pointers: Map<string, OutboxPointer>
}

const pause = (maxMs: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * maxMs))
const copy = <T>(value: T): T => structuredClone(value)

export function inMemoryStore(
  options: { maxPauseMs?: number; replacePauseMs?: number } = {},
): InMemoryStore {
  const maxPauseMs = options.maxPauseMs ?? 2
  // Longer than the other pauses, so a stale replace often lands after newer ones.
  const replacePauseMs = options.replacePauseMs ?? 12
  const docs = new Map<string, StoredDocument>()
  const records = new Map<string, StoredVersion>()
  const pointers = new Map<string, OutboxPointer>()
  const slugKey = (scope: { websiteId: string; type: string; slug: string; locale?: string }) =>
    JSON.stringify([scope.websiteId, scope.type, scope.slug, scope.locale])

  const documents: DocumentsCollection = {
    async findById(websiteId, id) {
      await pause(maxPauseMs)
      const found = docs.get(id)
      return found?.websiteId === websiteId ? copy(found) : null
    },
    async insertIfAbsent(document) {
      await pause(maxPauseMs)
      if (docs.has(document._id)) return false
      docs.set(document._id, copy(document))
      return true
    },
    async replace(document) {
      const owner = docs.get(document._id)?.websiteId
      await pause(replacePauseMs)
      if (owner !== undefined) docs.set(document._id, { ...copy(document), websiteId: owner })
      return owner !== undefined
    },
    async remove(websiteId, id) {
      return docs.get(id)?.websiteId === websiteId && docs.delete(id)
    },
    async page() {
      throw new Error('not used by these tests')
    },
    async findMany(websiteId, ids) {
      await pause(maxPauseMs)
      return ids.flatMap((id) => {
        const found = docs.get(id)
        return found?.websiteId === websiteId ? [copy(found)] : []
      })
    },
    async setSchedule() {
      throw new Error('not used by these tests')
    },
    async usesLocale() {
      throw new Error('not used by these tests')
    },
  }

  const versions: VersionsCollection = {
    async insert(record) {
      await pause(maxPauseMs)
      if (records.has(record._id)) return false
      records.set(record._id, copy(record))
      return true
    },
    async findById(websiteId, id) {
      await pause(maxPauseMs)
      const found = records.get(id)
      return found?.websiteId === websiteId ? copy(found) : null
    },
    async findMany(websiteId, ids) {
      await pause(maxPauseMs)
      return ids.flatMap((id) => {
        const found = records.get(id)
        return found?.websiteId === websiteId ? [copy(found)] : []
      })
    },
    async history(websiteId, documentId, page) {
      const all = [...records.values()]
        .filter(
          (record) =>
            record.websiteId === websiteId &&
            record.documentId === documentId &&
            record.reason !== 'delete',
        )
        .sort((a, b) => b.version - a.version)
      return { records: all.slice(page.skip, page.skip + page.limit), total: all.length }
    },
    async deleteSentBelow(websiteId, documentId, version, unsent) {
      for (const [id, record] of records) {
        if (
          record.websiteId === websiteId &&
          record.documentId === documentId &&
          record.version < version &&
          !unsent.includes(id)
        )
          records.delete(id)
      }
    },
  }

  const outbox: OutboxCollection = {
    async add(pointer) {
      if (!pointers.has(pointer._id)) pointers.set(pointer._id, copy(pointer))
    },
    async oldest(limit) {
      return [...pointers.values()]
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .slice(0, limit)
        .map(copy)
    },
    async unsentOf(documentId) {
      return [...pointers.values()]
        .filter((pointer) => pointer.documentId === documentId)
        .map((pointer) => pointer.versionId)
    },
    async remove(ids) {
      for (const id of ids) pointers.delete(id)
    },
  }

  const slugs: SlugsCollection = inMemoryClaims(slugKey)
  const uniques: UniqueValuesCollection = inMemoryClaims(uniqueKey)

  return { documents, versions, outbox, slugs, uniques, docs, records, pointers }
}

/** A claims registry over a map: an insert is atomic on its key, as on both servers. */
function inMemoryClaims<Scope extends object>(
  keyOf: (scope: Scope) => string,
): ClaimsCollection<Scope> {
  const claims = new Map<string, Claim<Scope>>()
  return {
    async insert(scope, documentId, now) {
      const key = keyOf(scope)
      if (claims.has(key)) return false
      claims.set(key, { ...scope, _id: key, documentId, createdAt: now })
      return true
    },
    async find(scope) {
      const found = claims.get(keyOf(scope))
      return found ? copy(found) : null
    },
    async release(scope, documentId) {
      const key = keyOf(scope)
      if (claims.get(key)?.documentId === documentId) claims.delete(key)
    },
  }
}
