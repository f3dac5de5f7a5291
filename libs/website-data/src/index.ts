export {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  MAX_LINE_BYTES,
  NDJSON_TYPE,
  endLine,
  headerLine,
  parseHeader,
  parseLine,
  recordLine,
} from './export-format.ts'
export type { EndLine, HeaderLine, RecordLine } from './export-format.ts'
export { exportRecords } from './export-records.ts'
export { importRecords } from './import-records.ts'
export type { ImportedRecord, ImportHooks, RecordProblem, RecordReference } from './import-rules.ts'
export { keyText, valuesAt } from './imported-keys.ts'
export type { ImportResult } from './import-records.ts'
export { ndjsonLines } from './ndjson-lines.ts'
export type { NumberedLine } from './ndjson-lines.ts'
export { withOwner, withoutOwner } from './owner-paths.ts'
export { purgeBatch } from './purge-batch.ts'
export type { PurgeBatchResult } from './purge-batch.ts'
export { labelOf, ownerFilter } from './website-collection.ts'
export { StoredBinary, StoredDate, StoredObjectId, StoredRecord } from './stored-form.ts'
export type {
  DependentCollection,
  ImportedRecordRules,
  ImportNotes,
  WebsiteCollection,
  WebsiteDataPlan,
} from './website-collection.ts'
export { ensureWebsiteDataIndexes } from './website-data-indexes.ts'
export { DEFAULT_PURGE_BATCH, websiteDataRoutes } from './website-data-routes.ts'
