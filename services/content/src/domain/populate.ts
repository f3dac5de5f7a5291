import type { ContentType, FieldDefinition } from '@cms/content-model'
import { cacheTags } from '@cms/contract'
import type { PopulateField } from '../query/index.ts'
import type { DocumentStore } from '../document/document-store.ts'
import { ALL_DERIVED_MEMBERS } from '../query/base-columns.ts'
import type { DerivedMembers } from '../query/base-columns.ts'
import { toApiDocument } from '../document/api-shape.ts'
import { draftView } from '../document/document.ts'
import type { ApiDocument, StoredDocument } from '../document/document.ts'
import { withPendingDraftPaths } from '../document/pending-draft.ts'
import { createPopulateBudget } from './populate-budget.ts'
import type { PopulateBudget, PopulateLimits } from './populate-budget.ts'
import { idsOf } from '../document/relations.ts'
import type { MediaLookup } from './relations.ts'
import { forEachSiteValue, mapSiteValues, sitesOf } from './populate-sites.ts'
import type { PopulateSite } from './populate-sites.ts'

export type PresentedDocument = Partial<ApiDocument> & { id: string }

export interface PopulateContext {
  store: Pick<DocumentStore, 'findMany'>
  media: Pick<MediaLookup, 'shown'>
  websiteId: string
  /** With draft access every status is populated; without, published documents only. */
  draft: boolean
  /**
   * The content types the call may see: a related document of another is shown as a missing one
   * (it is not read). Undefined: every type.
   */
  visibleTypes?: readonly string[]
  /** The website's types (their field declarations are enough). */
  types: readonly ContentType[]
  /** Shows a document in the read's locale (related documents too). */
  localize?: <Document extends Partial<StoredDocument>>(document: Document) => Document
  /** A projection with the stored paths the read's locale shows its fields from. */
  widen?: (projection: Record<string, 0 | 1>) => Record<string, 0 | 1>
  /** What one answer may embed and weigh; checked before each read and as it is built. */
  limits: PopulateLimits
  /**
   * Gets the cache tags of what the answer embeds: every id a populated field names (found or
   * not: a missing one may appear) and the type of each document found.
   */
  tags?: Set<string>
}

/** Documents of one level, each with the number of times the answer shows it. */
interface Level {
  documents: readonly StoredDocumentWithId[]
  times: readonly number[]
  /** The computed members its documents show. */
  derived: DerivedMembers
}

const NONE: DerivedMembers = new Set()

/** The (resolved) fields of a type of the website; none for a type it no longer has. */
const fieldsOf = (types: readonly ContentType[], typeName: string | undefined) =>
  types.find((type) => type.name === typeName)?.fields ?? []

/** With `fields`, only those are fetched, and `type` (which a target must match) besides. */
function projectionFor(field: PopulateField): Record<string, 0 | 1> | undefined {
  if (!field.fields) return undefined
  const paths = ['_id', 'type', ...field.fields, ...field.next.map((next) => `data.${next.name}`)]
  const covered = paths.includes('data') ? paths.filter((path) => !path.startsWith('data.')) : paths
  return Object.fromEntries(covered.map((path) => [path, 1]))
}

/** The ids `site` names on this level, each with the number of times the answer embeds it. */
function embeddingsOf(level: Level, site: PopulateSite, context: PopulateContext) {
  const times = new Map<string, number>()
  for (const [index, document] of level.documents.entries()) {
    const fields = fieldsOf(context.types, document.type)
    forEachSiteValue(fields, document.data ?? {}, site, (field, value) => {
      // The field shows documents of its target type, found or not.
      if (field.target) context.tags?.add(cacheTags.type(context.websiteId, field.target))
      for (const id of idsOf(value)) times.set(id, (times.get(id) ?? 0) + level.times[index]!)
    })
  }
  return times
}

const total = (counts: Iterable<number>): number => {
  let sum = 0
  for (const count of counts) sum += count
  return sum
}

/**
 * The related documents of one field for the whole page (in every component item that holds
 * it): one query, then their own fields.
 */
async function relatedDocuments(
  level: Level,
  site: PopulateSite,
  context: PopulateContext,
  budget: PopulateBudget,
): Promise<Related> {
  const { field } = site
  const times = embeddingsOf(level, site, context)
  budget.embed(total(times.values()))
  const ids = [...times.keys()]
  for (const id of ids)
    context.tags?.add(field.media ? cacheTags.media(id) : cacheTags.document(id))
  if (field.media) {
    const media = await context.media.shown(context.websiteId, ids)
    for (const file of media) budget.weigh(file, times.get(file.id) ?? 0)
    return new Map(media.map((file) => [file.id, { type: 'media', shown: file }]))
  }
  const own = projectionFor(field)
  const widened = own && context.widen ? context.widen(own) : own
  const projection = context.draft ? withPendingDraftPaths(widened) : widened
  const read = await context.store.findMany(context.websiteId, ids, {
    ...(projection ? { projection } : {}),
    publishedOnly: !context.draft,
    ...(context.visibleTypes ? { types: context.visibleTypes } : {}),
  })
  for (const document of read)
    if (document.type) context.tags?.add(cacheTags.type(context.websiteId, document.type))
  const visible = context.draft ? read.map(draftView) : read
  const found = (
    context.localize ? visible.map(context.localize) : visible
  ) as StoredDocumentWithId[]
  const next = {
    documents: found,
    times: found.map((document) => times.get(document._id) ?? 0),
    derived: field.fields ? (field.derived ?? NONE) : ALL_DERIVED_MEMBERS,
  }
  const shown = await populateLevel(next, field.next, context, budget)
  const hideType = field.fields !== undefined && !field.fields.includes('type')
  return new Map(
    found.map((document, index) => {
      const { type: _type, ...rest } = shown[index]!
      return [document._id, { type: document.type, shown: hideType ? rest : shown[index]! }]
    }),
  )
}

type StoredDocumentWithId = Partial<StoredDocument> & { _id: string }

/** What one field's ids name, by id: the type it has (`media` for a file) and its shape. */
type Related = Map<string, { type: string | undefined; shown: PresentedDocument }>

/** A relation or media value with each id replaced by what it names, if of the field's target. */
function resolvedValue(related: Related, field: FieldDefinition, value: unknown): unknown {
  const expected = field.type === 'media' ? 'media' : field.target
  const resolve = (id: string) => {
    const hit = related.get(id)
    return hit && hit.type === expected ? hit.shown : null
  }
  if (field.many)
    return idsOf(value)
      .map(resolve)
      .filter((shown) => shown !== null)
  return typeof value === 'string' ? resolve(value) : null
}

/** One level in the API's shape, weighed as the answer shows it, with its fields populated. */
async function populateLevel(
  level: Level,
  fields: readonly PopulateField[],
  context: PopulateContext,
  budget: PopulateBudget,
): Promise<PresentedDocument[]> {
  const { documents } = level
  const presented = documents.map((document) => toApiDocument(document, level.derived))
  for (const [index, document] of presented.entries()) budget.weigh(document, level.times[index]!)
  if (fields.length === 0 || documents.length === 0) return presented
  const sites = sitesOf(fields)
  const related = await Promise.all(
    sites.map((site) => relatedDocuments(level, site, context, budget)),
  )
  for (const [index, document] of documents.entries()) {
    const typeFields = fieldsOf(context.types, document.type)
    let data = { ...presented[index]!.data }
    for (const [position, site] of sites.entries()) {
      data = mapSiteValues(typeFields, data, site, (field, value) =>
        resolvedValue(related[position]!, field, value),
      )
    }
    presented[index] = { ...presented[index]!, data }
  }
  return presented
}

/**
 * The documents in the API's shape with the named relation fields holding the documents their
 * ids name, in the normal document shape (nested as asked), in component and blocks values too.
 * One storage query per field and level for the whole page, never one per document or item. A
 * related document that is missing, of another type than the field's target, not visible or of
 * a type the call may not see is `null` (one) or left out (many).
 * Before each read, the documents it would embed (each repeat counted) must fit in
 * `limits.maxDocuments`, and the answer is weighed against `limits.maxBytes` as it is built:
 * past either, 422 at `populate`, before anything more is read.
 */
export async function populateDocuments(
  documents: readonly StoredDocumentWithId[],
  fields: readonly PopulateField[],
  context: PopulateContext,
  /** The computed members the documents themselves show (`fields` of the list). */
  derived: DerivedMembers = ALL_DERIVED_MEMBERS,
): Promise<PresentedDocument[]> {
  if (fields.length === 0) return documents.map((document) => toApiDocument(document, derived))
  const level = { documents, times: documents.map(() => 1), derived }
  return populateLevel(level, fields, context, createPopulateBudget(context.limits))
}
