import type { Db } from 'mongodb'
import type { SlugScope } from '../../document/document.ts'
import { claimsCollection } from './claims.ts'
import type { Claim, ClaimsCollection } from './claims.ts'

/** A claim on a slug within (website, type[, locale]); its key is the unique value itself. */
export type SlugClaim = Claim<SlugScope>

export type SlugsCollection = ClaimsCollection<SlugScope>

/** The default locale's keys are those of slugs from before locales existed. */
export const keyOf = (scope: SlugScope): string =>
  JSON.stringify(
    scope.locale === undefined
      ? [scope.websiteId, scope.type, scope.slug]
      : [scope.websiteId, scope.type, scope.slug, scope.locale],
  )

export const slugsCollection = (db: Db): SlugsCollection => claimsCollection(db, 'slugs', keyOf)
