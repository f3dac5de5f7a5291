import { forEachFieldValue } from '@cms/content-model/component-fields'
import type { FieldDefinition } from '@cms/content-model/content-type'
import type { ContentType } from '@cms/client'
import { resolvedFields, titleOf } from '../editor-site.ts'
import type { EditorSite } from '../editor-site.ts'
import { idsOf } from '../fields/relation-picker.tsx'
import { MOST_IDS_PER_CALL } from '../fields/search-picker.tsx'

/** The ids the states hold in relation fields and in media fields, at every depth. */
function referencedIds(fields: FieldDefinition[], states: Record<string, unknown>[]) {
  const ids = { relation: new Set<string>(), media: new Set<string>() }
  for (const data of states) {
    forEachFieldValue(fields, data, (field, value) => {
      if (field.type === 'relation' || field.type === 'media')
        for (const id of idsOf(value)) ids[field.type].add(id)
    })
  }
  return ids
}

const chunks = (ids: Set<string>): string[][] => {
  const all = [...ids]
  const calls: string[][] = []
  for (let start = 0; start < all.length; start += MOST_IDS_PER_CALL)
    calls.push(all.slice(start, start + MOST_IDS_PER_CALL))
  return calls
}

/**
 * The names of every id the given states hold in the type's relation and media fields, those
 * inside components and blocks too: one call (`filters[id][$in]`) for the documents and one for
 * the files, per 100 ids. An id that is not found (its document or file was deleted) has no name.
 */
export async function loadValueNames(
  site: EditorSite,
  type: ContentType,
  states: Record<string, unknown>[],
  locale: string | undefined,
): Promise<Map<string, string>> {
  const names = new Map<string, string>()
  const ids = referencedIds(resolvedFields(site, type) as FieldDefinition[], states)
  await Promise.all([
    ...chunks(ids.media).map(async (batch) => {
      const page = await site.client.media.list({
        filters: { id: { $in: batch } },
        limit: batch.length,
      })
      for (const file of page.docs) names.set(file.id, file.filename)
    }),
    ...chunks(ids.relation).map(async (batch) => {
      const page = await site.client.content.list({
        filters: { id: { $in: batch } },
        draft: true,
        limit: batch.length,
        withCount: false,
        ...(locale ? { locale } : {}),
      })
      for (const doc of page.docs) names.set(doc.id, titleOf(site, doc))
    }),
  ])
  return names
}
