import type { Db } from 'mongodb'
import { LIST_INDEXES } from '../query/index.ts'

/** The indexes behind every lookup the service makes; created (idempotently) at start. */
export async function ensureContentIndexes(db: Db): Promise<void> {
  // Slugs are unique through the `slugs` registry (looked up by _id), not by an index here: a
  // unique index on `documents` could refuse rolling a committed version forward.
  await db.collection('documents').createIndexes(LIST_INDEXES.map((index) => ({ key: index.key, name: index.name })))
  await db.collection('versions').createIndexes([
    { key: { documentId: 1, version: -1 }, name: 'document_version' },
    { key: { pending: 1, createdAt: 1 }, name: 'pending_created', sparse: true },
  ])
}
