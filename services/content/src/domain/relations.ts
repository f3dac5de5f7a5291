import type { ContentType, FieldDefinition } from '@cms/content-model'
import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import type { Caller } from '@cms/http'
import type { DocumentData } from '../document/document.ts'
import type { DocumentStore } from '../document/document-store.ts'
import { heldIds } from '../document/relations.ts'
import { readableTypes } from './visible-types.ts'

/** How many ids an error message lists before it says how many more there are. */
const LISTED_IDS = 10

/** What the document side needs of the media library (src/media). */
export interface MediaLookup {
  /** The ids among `ids` that are media of the website: one query. */
  existing(websiteId: string, ids: readonly string[]): Promise<Set<string>>
  /** Those media in the API's shape: one query. */
  shown(websiteId: string, ids: readonly string[]): Promise<Array<{ id: string }>>
}

export function listIds(ids: readonly string[]): string {
  const shown = ids.slice(0, LISTED_IDS).join(', ')
  return ids.length > LISTED_IDS ? `${shown} and ${ids.length - LISTED_IDS} more` : shown
}

/** What an id must name to be valid: a media file, or a document of the relation's target. */
const targetOf = (field: FieldDefinition): string =>
  field.type === 'media' ? 'media' : `relation:${field.target}`

/**
 * Every id `data` newly names, at any depth of components and blocks, must be a document of the
 * caller's website and of its field's target type (drafts count), which the caller's key may
 * read (else it is as missing), or for a media field a media file of the website; ids `kept`
 * already held for the same target stay valid even when what they named has since been deleted
 * with `force`. One query for the relation fields, one for the media fields; each problem names
 * the value's exact path (`data.sections[2].image`).
 */
export async function requireRelationTargets(
  deps: { store: Pick<DocumentStore, 'findMany'>; media: Pick<MediaLookup, 'existing'> },
  input: {
    caller: Caller
    type: Pick<ContentType, 'fields'>
    data: DocumentData
    kept?: DocumentData
  },
): Promise<void> {
  const keptIds = new Set(
    heldIds(input.type.fields, input.kept ?? {}).flatMap(({ field, ids }) =>
      ids.map((id) => `${targetOf(field)} ${id}`),
    ),
  )
  const wanted = heldIds(input.type.fields, input.data).map((held) => ({
    ...held,
    ids: held.ids.filter((id) => !keptIds.has(`${targetOf(held.field)} ${id}`)),
  }))
  const idsOfKind = (kind: string) => [
    ...new Set(wanted.filter(({ field }) => field.type === kind).flatMap(({ ids }) => ids)),
  ]
  const [documentIds, mediaIds] = [idsOfKind('relation'), idsOfKind('media')]
  const { caller } = input
  const readable = readableTypes(caller)
  const [documents, media] = await Promise.all([
    documentIds.length === 0
      ? []
      : deps.store.findMany(caller.websiteId, documentIds, {
          projection: { _id: 1, type: 1 },
          ...(readable === undefined ? {} : { types: readable }),
        }),
    mediaIds.length === 0 ? new Set<string>() : deps.media.existing(caller.websiteId, mediaIds),
  ])
  const typeOf = new Map(documents.map((document) => [document._id!, document.type]))
  const problems: ErrorDetail[] = []
  for (const { field, path, ids } of wanted) {
    const missing = ids.filter((id) =>
      field.type === 'media' ? !media.has(id) : typeOf.get(id) !== field.target,
    )
    if (missing.length === 0) continue
    const what = field.type === 'media' ? 'media file' : `${field.target} document`
    problems.push({ path, message: `names no ${what} of this website: ${listIds(missing)}` })
  }
  if (problems.length > 0) {
    throw new ValidationError('The document names related documents that do not exist', problems)
  }
}
