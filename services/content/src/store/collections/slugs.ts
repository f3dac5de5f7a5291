import type { Db } from 'mongodb'
import { isDuplicateKeyError } from '@cms/mongo'

/** A claim on a slug within (website, type); its key is the unique value itself. */
export interface SlugClaim {
  _id: string
  websiteId: string
  type: string
  slug: string
  documentId: string
  createdAt: Date
}

export interface SlugScope {
  websiteId: string
  type: string
  slug: string
}

export interface SlugsCollection {
  /** True when the slug is now claimed for `documentId`; false when a claim already exists. */
  insert(scope: SlugScope, documentId: string, now: Date): Promise<boolean>
  find(scope: SlugScope): Promise<SlugClaim | null>
  /** Drops the claim only while `documentId` holds it. */
  release(scope: SlugScope, documentId: string): Promise<void>
}

const keyOf = (scope: SlugScope): string =>
  JSON.stringify([scope.websiteId, scope.type, scope.slug])

export function slugsCollection(db: Db): SlugsCollection {
  const claims = db.collection<SlugClaim>('slugs')
  return {
    async insert(scope, documentId, now) {
      try {
        await claims.insertOne({ _id: keyOf(scope), ...scope, documentId, createdAt: now })
        return true
      } catch (error) {
        if (isDuplicateKeyError(error)) return false
        throw error
      }
    },
    find: (scope) => claims.findOne({ _id: keyOf(scope) }),
    async release(scope, documentId) {
      await claims.deleteOne({ _id: keyOf(scope), documentId })
    },
  }
}
