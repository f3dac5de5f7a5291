import type { Db, Document, Filter, Sort } from 'mongodb'
import { groupedInsertUnlessTaken } from '@cms/mongo'
import type { DocumentSchedule, StoredDocument } from '../../document/document.ts'
import type {
  DocumentPage,
  DocumentPageQuery,
  FindManyOptions,
} from '../../document/document-store.ts'

/**
 * Every read and write names the website (docs/lifecycle.md, "Import"): a document of another
 * website never shows and is never changed, whatever its id. A read by id filters on `_id`
 * alone and checks the website on the record (FerretDB pushes down only `_id`-only finds).
 */
export interface DocumentsCollection {
  /** The website's document of that id; null for another website's. */
  findById(websiteId: string, id: string): Promise<StoredDocument | null>
  /** The website's documents among `ids`, in one query. */
  findMany(
    websiteId: string,
    ids: readonly string[],
    options?: FindManyOptions,
  ): Promise<Partial<StoredDocument>[]>
  /** The first version of a document; false when it is already there. */
  insertIfAbsent(document: StoredDocument): Promise<boolean>
  /**
   * Makes the document show a version's state (read for the document's own website): every
   * state member but the website set, the optional ones it lacks removed, the schedule beside it
   * kept. False when the document is gone.
   */
  replace(document: StoredDocument): Promise<boolean>
  /** Sets (a date) or clears (null) when the document is due to be published or unpublished. */
  setSchedule(
    websiteId: string,
    id: string,
    when: keyof DocumentSchedule,
    at: Date | null,
    onlyIf?: Date,
  ): Promise<boolean>
  remove(websiteId: string, id: string): Promise<boolean>
  /** Whether a document of the website has values in locale `code`. */
  usesLocale(websiteId: string, code: string): Promise<boolean>
  /** One page and the total count, queried in parallel (unless `count: false`). */
  page(query: DocumentPageQuery): Promise<DocumentPage>
}

/** State members a version may lack; applying it removes them from the document. */
const OPTIONAL_STATE_MEMBERS = [
  'refs',
  'uniques',
  'pendingDraft',
  'locales',
  'localesPresent',
  'slugs',
] as const satisfies ReadonlyArray<keyof StoredDocument>

export function documentsCollection(db: Db): DocumentsCollection {
  const documents = db.collection<StoredDocument>('documents')
  return {
    async findById(websiteId, id) {
      const found = await documents.findOne({ _id: id })
      return found?.websiteId === websiteId ? found : null
    },
    async findMany(websiteId, ids, options = {}) {
      if (ids.length === 0) return []
      const filter = {
        _id: { $in: [...ids] },
        websiteId,
        ...(options.publishedOnly ? { status: 'published' as const } : {}),
        ...(options.types ? { type: { $in: [...options.types] } } : {}),
      }
      const { projection } = options
      return documents.find(filter, projection ? { projection } : {}).toArray()
    },
    insertIfAbsent: groupedInsertUnlessTaken(documents),
    async replace(document) {
      // A document's website is set by its insert and never written again, so a version can
      // change what a document shows but never which website holds it. The filter is `_id`
      // alone: on FerretDB any other update filter decodes every document of the collection,
      // and this is every write's roll-forward.
      const { _id, websiteId: _owner, ...state } = document
      const absent = OPTIONAL_STATE_MEMBERS.filter((member) => !(member in state))
      const update = {
        $set: state,
        ...(absent.length > 0
          ? { $unset: Object.fromEntries(absent.map((member) => [member, '' as const])) }
          : {}),
      }
      return (await documents.updateOne({ _id }, update)).matchedCount > 0
    },
    async setSchedule(websiteId, id, when, at, onlyIf) {
      const path = `schedule.${when}`
      const filter = { _id: id, websiteId, ...(onlyIf ? { [path]: onlyIf } : {}) }
      const update = at ? { $set: { [path]: at } } : { $unset: { [path]: '' as const } }
      return (await documents.updateOne(filter, update)).matchedCount > 0
    },
    async usesLocale(websiteId, code) {
      const found = await documents.findOne(
        { websiteId, localesPresent: code },
        { projection: { _id: 1 } },
      )
      return found !== null
    },
    async remove(websiteId, id) {
      return (await documents.deleteOne({ _id: id, websiteId })).deletedCount > 0
    },
    async page(query) {
      const filter = query.filter as Filter<StoredDocument>
      const options = query.projection ? { projection: query.projection as Document } : {}
      const [docs, total] = await Promise.all([
        documents
          .find(filter, options)
          .sort(query.sort as Sort)
          .skip(query.skip)
          .limit(query.limit)
          .toArray(),
        query.count === false ? null : documents.countDocuments(filter),
      ])
      return { docs: docs as Partial<StoredDocument>[], total }
    },
  }
}
