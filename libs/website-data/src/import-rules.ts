import type { Document } from 'mongodb'

/**
 * A value of an imported record that names another record: that record must be one the same
 * import brings (docs/lifecycle.md, "Import"), so no import can name another website's data.
 */
export interface RecordReference {
  /** Dotted path of the naming value in the record as exported; an array names each item. */
  path: string
  /** The collection (of the same service) of the named record. */
  collection: string
  /** The member of the named record that holds the value; `_id` by default. */
  key?: string
}

/** A problem with a record as a whole, as `{path, message}` of its text form. */
export interface RecordProblem {
  path: string
  message: string
}

/**
 * What a service checks of imported records beyond the plan's schemas: rules that need its own
 * dependencies (the webhook service's address guard), and the last step before it answers
 * (the content service recomputes media facts from the imported bytes). A refusal is thrown as
 * an error of `@cms/errors`, naming the line.
 */
export interface ImportHooks {
  /** Why `record` (as parsed, before the owner paths are set) may not come in, or undefined. */
  admit?: (input: { collection: string; record: Document }) => Promise<RecordProblem | undefined>
  /**
   * After every record is inserted (and every reference checked), before the import answers:
   * `imported` lists the records inserted per collection name.
   */
  finish?: (input: {
    websiteId: string
    imported: ReadonlyMap<string, readonly ImportedRecord[]>
  }) => Promise<void>
}

/** A record an import inserted: its `_id` and the line it came from. */
export interface ImportedRecord {
  id: unknown
  line: number
}
