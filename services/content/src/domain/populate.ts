import type { ContentType, FieldDefinition } from '@cms/content-model'
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
}

/** Documents of one level, each with the number of times the answer shows it. */
interface Level {
  documents: readonly StoredDocumentWithId[]
  times: readonly number[]
  /** The computed members its documents show. */
  derived: DerivedMembers
}

const NONE: DerivedMembers = new Set()

function relationOf(
  types: readonly ContentType[],
  typeName: string | undefined,
  name: string,
): FieldDefinition | undefined {
  const field = types
    .find((type) => type.name === typeName)
    ?.fields.find((candidate) => candidate.name === name)
  return field?.type === 'relation' || field?.type === 'media' ? field : undefined
}

/** With `fields`, only those are fetched, and `type` (which a target must match) besides. */
function projectionFor(field: PopulateField): Record<string, 0 | 1> | undefined {
  if (!field.fields) return undefined
  const paths = ['_id', 'type', ...field.fields, ...field.next.map((next) => `data.${next.name}`)]
  const covered = paths.includes('data') ? paths.filter((path) => !path.startsWith('data.')) : paths
  return Object.fromEntries(covered.map((path) => [path, 1]))
}

/** The ids `field` names on this level, each with the number of times the answer embeds it. */
function embeddingsOf(level: Level, field: PopulateField, context: PopulateContext) {
  const times = new Map<string, number>()
  for (const [index, document] of level.documents.entries()) {
    if (!relationOf(context.types, document.type, field.name)) continue
    for (const id of idsOf(document.data?.[field.name])) {
      times.set(id, (times.get(id) ?? 0) + level.times[index]!)
    }
  }
  return times
}

const total = (counts: Iterable<number>): number => {
  let sum = 0
  for (const count of counts) sum += count
  return sum
}

/** The related documents of one field for the whole page: one query, then their own fields. */
async function relatedDocuments(
  level: Level,
  field: PopulateField,
  context: PopulateContext,
  budget: PopulateBudget,
): Promise<Map<string, { type: string | undefined; shown: PresentedDocument }>> {
  const times = embeddingsOf(level, field, context)
  budget.embed(total(times.values()))
  const ids = [...times.keys()]
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
  const related = await Promise.all(
    fields.map((field) => relatedDocuments(level, field, context, budget)),
  )
  for (const [index, document] of documents.entries()) {
    const data = { ...presented[index]!.data }
    for (const [position, field] of fields.entries()) {
      const relation = relationOf(context.types, document.type, field.name)
      if (!relation || !(field.name in data)) continue
      const resolve = (id: string) => {
        const hit = related[position]!.get(id)
        const expected = relation.type === 'media' ? 'media' : relation.target
        return hit && hit.type === expected ? hit.shown : null
      }
      const value = data[field.name]
      if (value === null || value === undefined) continue
      data[field.name] = relation.many
        ? idsOf(value)
            .map(resolve)
            .filter((shown) => shown !== null)
        : typeof value === 'string'
          ? resolve(value)
          : null
    }
    presented[index] = { ...presented[index]!, data }
  }
  return presented
}

/**
 * The documents in the API's shape with the named relation fields holding the documents their
 * ids name, in the normal document shape (nested as asked). One storage query per field and
 * level for the whole page, never one per document. A related document that is missing, of
 * another type than the field's target, not visible or of a type the call may not see is `null`
 * (one) or left out (many).
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
