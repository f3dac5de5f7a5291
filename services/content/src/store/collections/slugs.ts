import type { Db } from 'mongodb'
import { insertUnlessTaken } from '@cms/mongo'
import type { SlugScope } from '../../document/document.ts'

/** A claim on a slug within (website, type[, locale]); its key is the unique value itself. */
export interface SlugClaim {
  _id: string
  websiteId: string
  type: string
  slug: string
  locale?: string
  documentId: string
  createdAt: Date
}

export interface SlugsCollection {
  /** True when the slug is now claimed for `documentId`; false when a claim already exists. */
  insert(scope: SlugScope, documentId: string, now: Date): Promise<boolean>
  find(scope: SlugScope): Promise<SlugClaim | null>
  /** Drops the claim only while `documentId` holds it. */
  release(scope: SlugScope, documentId: string): Promise<void>
}

/** The default locale's keys are those of slugs from before locales existed. */
export const keyOf = (scope: SlugScope): string =>
  JSON.stringify(
    scope.locale === undefined
      ? [scope.websiteId, scope.type, scope.slug]
      : [scope.websiteId, scope.type, scope.slug, scope.locale],
  )

export function slugsCollection(db: Db): SlugsCollection {
  const claims = db.collection<SlugClaim>('slugs')
  return {
    insert: (scope, documentId, now) =>
      insertUnlessTaken(claims, { _id: keyOf(scope), ...scope, documentId, createdAt: now }),
    find: (scope) => claims.findOne({ _id: keyOf(scope) }),
    async release(scope, documentId) {
      await claims.deleteOne({ _id: keyOf(scope), documentId })
    },
  }
}
