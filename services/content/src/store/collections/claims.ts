import type { Db } from 'mongodb'
import { groupedInsertUnlessTaken } from '@cms/mongo'

/** A claim on a value within a website: its key is the value itself, so the first insert owns it. */
export type Claim<Scope> = Scope & { _id: string; documentId: string; createdAt: Date }

export interface ClaimsCollection<Scope> {
  /** True when the value is now claimed for `documentId`; false when a claim already exists. */
  insert(scope: Scope, documentId: string, now: Date): Promise<boolean>
  find(scope: Scope): Promise<Claim<Scope> | null>
  /** Drops the claim only while `documentId` holds it. */
  release(scope: Scope, documentId: string): Promise<void>
}

interface StoredClaim {
  _id: string
  documentId: string
  createdAt: Date
  [member: string]: unknown
}

/** A registry of claims keyed by `keyOf` (the `slugs` and `unique_values` collections). */
export function claimsCollection<Scope extends object>(
  db: Db,
  name: string,
  keyOf: (scope: Scope) => string,
): ClaimsCollection<Scope> {
  const claims = db.collection<StoredClaim>(name)
  const insert = groupedInsertUnlessTaken(claims)
  return {
    insert: (scope, documentId, now) =>
      insert({ _id: keyOf(scope), ...scope, documentId, createdAt: now }),
    find: async (scope) => (await claims.findOne({ _id: keyOf(scope) })) as Claim<Scope> | null,
    async release(scope, documentId) {
      await claims.deleteOne({ _id: keyOf(scope), documentId })
    },
  }
}
