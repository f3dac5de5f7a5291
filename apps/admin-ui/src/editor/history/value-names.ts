import type { ContentType } from '@cms/client'
import { titleOf } from '../editor-site.ts'
import type { EditorSite } from '../editor-site.ts'
import { idsOf } from '../fields/relation-picker.tsx'
import { MOST_IDS_PER_CALL } from '../fields/search-picker.tsx'

/** Relation and media fields hold ids; the diff shows the documents' titles and the file names. */
export const isReferenceField = (field: ContentType['fields'][number]): boolean =>
  field.type === 'relation' || field.type === 'media'

/**
 * The names of every id the given states hold in the type's relation and media fields: one
 * call per field (`filters[id][$in]`), however many ids it holds. An id that is not found (its
 * document or file was deleted) has no name.
 */
export async function loadValueNames(
  site: EditorSite,
  type: ContentType,
  states: Record<string, unknown>[],
  locale: string | undefined,
): Promise<Map<string, string>> {
  const names = new Map<string, string>()
  await Promise.all(
    type.fields.filter(isReferenceField).map(async (field) => {
      const ids = [...new Set(states.flatMap((data) => idsOf(data[field.name])))].slice(
        0,
        MOST_IDS_PER_CALL,
      )
      if (ids.length === 0) return
      const filters = { id: { $in: ids } }
      if (field.type === 'media') {
        const page = await site.client.media.list({ filters, limit: ids.length })
        for (const file of page.docs) names.set(file.id, file.filename)
      } else {
        const page = await site.client.content.list({
          filters,
          draft: true,
          limit: ids.length,
          withCount: false,
          ...(locale ? { locale } : {}),
        })
        for (const doc of page.docs) names.set(doc.id, titleOf(site, doc))
      }
    }),
  )
  return names
}
