import type { WebsiteDataPlan } from '@cms/website-data'
import { recordId } from '../data/content-type-repository.ts'
import {
  ContentTypeRecord,
  TypeIndexRecord,
  TypeVersionRecord,
  claimMatchesType,
  componentHasNoTypeMembers,
} from './import-schemas.ts'

/**
 * Every collection of the schema database that holds a website's data (docs/lifecycle.md): its
 * types and components, their version claims, and its type index, which also holds the
 * website's locales.
 */
export const SCHEMA_WEBSITE_DATA: WebsiteDataPlan = {
  service: 'schema',
  collections: [
    {
      name: 'content_types',
      ownerPaths: ['websiteId'],
      keyOf: (record, websiteId) => recordId(websiteId, String(record.name)),
      // Components (`kind: 'component'`) before the types that use them, each kind by name.
      order: { kind: -1, name: 1 },
      index: { websiteId: 1, kind: -1, name: 1 },
      exported: true,
      importSchema: ContentTypeRecord,
      invariant: componentHasNoTypeMembers,
      // Version claims are keyed by it: another website's type id would take its next versions.
      uniqueMembers: ['id'],
    },
    {
      name: 'content_type_versions',
      ownerPaths: ['websiteId'],
      index: { websiteId: 1, _id: 1 },
      exported: true,
      importSchema: TypeVersionRecord,
      invariant: claimMatchesType,
      references: [{ path: 'typeId', collection: 'content_types', key: 'id' }],
    },
    {
      name: 'website_type_index',
      ownerPaths: ['_id'],
      exported: true,
      importSchema: TypeIndexRecord,
    },
  ],
}
