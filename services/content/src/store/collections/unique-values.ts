import type { Db } from 'mongodb'
import type { UniqueValue } from '../../document/unique-values.ts'
import { claimsCollection } from './claims.ts'
import type { ClaimsCollection } from './claims.ts'

/** A value of a `unique` field within (website, type[, locale]). */
export interface UniqueScope extends UniqueValue {
  websiteId: string
  type: string
}

export type UniqueValuesCollection = ClaimsCollection<UniqueScope>

export const keyOf = (scope: UniqueScope): string =>
  JSON.stringify([scope.websiteId, scope.type, scope.field, scope.locale ?? null, scope.digest])

/** The claims of `values` held by a document of `owner`'s website and type. */
export const uniqueScopesOf = (
  owner: { websiteId: string; type: string },
  values: readonly UniqueValue[] = [],
): UniqueScope[] =>
  values.map((value) => ({ ...value, websiteId: owner.websiteId, type: owner.type }))

export const uniqueValuesCollection = (db: Db): UniqueValuesCollection =>
  claimsCollection(db, 'unique_values', keyOf)
