import type { Db } from 'mongodb'
import { LIST_INDEXES } from '../../query/index.ts'

export interface IndexPlan {
  collection: string
  name: string
  key: Record<string, 1 | -1>
}

/** Every index the content service creates (the index-coverage test reads this list). */
export const CONTENT_INDEXES: readonly IndexPlan[] = [
  ...LIST_INDEXES.map((index) => ({ collection: 'documents', ...index })),
  { collection: 'documents', name: 'referrers', key: { websiteId: 1, refs: 1, _id: 1 } },
  { collection: 'documents', name: 'locale_use', key: { websiteId: 1, localesPresent: 1 } },
  { collection: 'versions', name: 'document_version', key: { documentId: 1, version: -1 } },
  { collection: 'outbox', name: 'oldest', key: { createdAt: 1, versionId: 1 } },
  { collection: 'outbox', name: 'document', key: { documentId: 1 } },
  { collection: 'changes', name: 'website_seq', key: { websiteId: 1, seq: 1 } },
  { collection: 'changes', name: 'created', key: { createdAt: 1 } },
]

/**
 * The indexes behind every lookup the service makes, created at start. One `createIndex` per
 * index: FerretDB 1.24 panics on a `createIndexes` of two or more indexes that all exist already.
 * Slugs are unique through the `slugs` registry (looked up by _id), not by an index here: a
 * unique index on `documents` could refuse rolling a committed version forward.
 */
export async function ensureContentIndexes(db: Db): Promise<void> {
  for (const index of CONTENT_INDEXES) {
    await db.collection(index.collection).createIndex(index.key, { name: index.name })
  }
}
