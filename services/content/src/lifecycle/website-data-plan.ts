import type { WebsiteDataPlan } from '@cms/website-data'
import { keyOf as slugKey } from '../store/collections/slugs.ts'
import { keyOf as uniqueKey } from '../store/collections/unique-values.ts'
import type { UniqueScope } from '../store/collections/unique-values.ts'
import type { SlugScope } from '../document/document.ts'
import {
  DocumentRecord,
  GridFsChunkRecord,
  GridFsFileRecord,
  MediaRecord,
  ScheduleRecord,
  SlugClaimRecord,
  UniqueClaimRecord,
  VersionRecord,
  idOfDocument,
} from './import-schemas.ts'
import { ReleaseRecord, releaseOnExport, releaseOnImport } from '../releases/release-record.ts'

import { JOB_COLLECTIONS } from '../bulk/job-store.ts'

const WEBSITE_RECORDS = { websiteId: 1, _id: 1 } as const

/**
 * Every collection of the content database that holds a website's data, in purge order
 * (docs/lifecycle.md): what could start new work first (schedules, unsent event pointers), then
 * what the public sees (media records, so asset URLs are 404 at once), then the rest.
 * GridFS transforms and claims are purged but not exported: they are made again on demand.
 * An import checks each record against its schema (import-schemas.ts) and the ids it names.
 */
export const CONTENT_WEBSITE_DATA: WebsiteDataPlan = {
  service: 'content',
  collections: [
    {
      name: 'schedules',
      ownerPaths: ['websiteId'],
      index: WEBSITE_RECORDS,
      exported: true,
      importSchema: ScheduleRecord,
      invariant: idOfDocument('action'),
      references: [{ path: 'documentId', collection: 'documents' }],
      // Run claims hang off it (and are purged by it).
      uniqueMembers: ['scheduleId'],
      dependents: [
        {
          name: 'schedule_runs',
          foreignKey: 'scheduleId',
          parentKey: 'scheduleId',
          exported: false,
        },
      ],
    },
    {
      // Releases (docs/releases.md): their apply claims hang off them.
      name: 'releases',
      ownerPaths: ['websiteId'],
      index: WEBSITE_RECORDS,
      exported: true,
      importSchema: ReleaseRecord,
      onExport: releaseOnExport,
      onImport: releaseOnImport,
      // No references: a published release may name documents deleted since.
      dependents: [
        { name: 'release_applies', foreignKey: 'releaseId', parentKey: '_id', exported: false },
      ],
    },
    // A website's visibility switch and who holds it: state of work under way, never exported.
    { name: 'release_marks', ownerPaths: ['websiteId'], index: WEBSITE_RECORDS, exported: false },
    {
      name: 'release_switches',
      ownerPaths: ['websiteId'],
      index: WEBSITE_RECORDS,
      exported: false,
    },
    {
      // Bulk jobs (docs/bulk.md) resume work, so they go early; records of requests whose
      // effects (versions, audit entries) are exported, never carried to another website.
      name: JOB_COLLECTIONS.jobs,
      ownerPaths: ['websiteId'],
      index: WEBSITE_RECORDS,
      exported: false,
      dependents: [
        { name: JOB_COLLECTIONS.batches, foreignKey: 'jobId', parentKey: '_id', exported: false },
        { name: JOB_COLLECTIONS.runs, foreignKey: 'jobId', parentKey: '_id', exported: false },
      ],
    },
    { name: 'outbox', ownerPaths: ['websiteId'], index: WEBSITE_RECORDS, exported: false },
    // The change log is not content: an import starts a new one (docs/sync.md).
    { name: 'changes', ownerPaths: ['websiteId'], index: WEBSITE_RECORDS, exported: false },
    {
      name: 'media',
      ownerPaths: ['websiteId'],
      // The media list's index (website_list) serves the export's order.
      order: { createdAt: -1, _id: -1 },
      exported: true,
      // What its stored transforms take is counted on it; transforms are not exported.
      onExport: ({ variantCount: _count, variantBytes: _bytes, ...record }) => record,
      importSchema: MediaRecord,
      // A media record's bytes are the GridFS file with its id.
      references: [{ path: '_id', collection: 'fs.files' }],
    },
    {
      name: 'fs.files',
      label: 'media_files',
      ownerPaths: ['metadata.websiteId'],
      index: { 'metadata.websiteId': 1, _id: 1 },
      exported: true,
      exportFilter: { 'metadata.mediaId': { $exists: false } },
      importSchema: GridFsFileRecord,
      // Each file may have hundreds of chunks.
      purgeBatch: 10,
      dependents: [
        {
          name: 'fs.chunks',
          label: 'media_chunks',
          foreignKey: 'files_id',
          parentKey: '_id',
          exported: true,
          order: { files_id: 1, n: 1 },
          importSchema: GridFsChunkRecord,
        },
        { name: 'media_variant_claims', foreignKey: '_id', parentKey: '_id', exported: false },
      ],
    },
    {
      name: 'documents',
      ownerPaths: ['websiteId'],
      index: WEBSITE_RECORDS,
      exported: true,
      importSchema: DocumentRecord,
    },
    {
      name: 'versions',
      ownerPaths: ['websiteId', 'state.websiteId'],
      index: WEBSITE_RECORDS,
      exported: true,
      importSchema: VersionRecord,
      invariant: idOfDocument('version'),
      references: [{ path: 'documentId', collection: 'documents' }],
    },
    {
      name: 'slugs',
      ownerPaths: ['websiteId'],
      keyOf: (record, websiteId) => slugKey({ ...(record as SlugScope), websiteId }),
      index: WEBSITE_RECORDS,
      exported: true,
      importSchema: SlugClaimRecord,
      references: [{ path: 'documentId', collection: 'documents' }],
    },
    {
      name: 'unique_values',
      ownerPaths: ['websiteId'],
      keyOf: (record, websiteId) => uniqueKey({ ...(record as UniqueScope), websiteId }),
      index: WEBSITE_RECORDS,
      exported: true,
      importSchema: UniqueClaimRecord,
      references: [{ path: 'documentId', collection: 'documents' }],
    },
  ],
}
