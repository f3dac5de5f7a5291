import type { Release } from '@cms/client'
import { useResource } from '../../ui/use-resource.ts'
import type { EditorSite } from '../editor-site.ts'
import { titleOf } from '../editor-site.ts'
import { MOST_IDS_PER_CALL } from '../fields/search-picker.tsx'

/** The titles of a release's documents (drafts too), a hundred ids a call. */
export function useEntryTitles(site: EditorSite, release: Release | undefined) {
  const ids = release?.entries.map((entry) => entry.documentId) ?? []
  return useResource(async () => {
    const titles = new Map<string, string>()
    for (let start = 0; start < ids.length; start += MOST_IDS_PER_CALL) {
      const chunk = ids.slice(start, start + MOST_IDS_PER_CALL)
      const page = await site.client.content.list({
        filters: { id: { $in: chunk } },
        draft: true,
        limit: chunk.length,
        withCount: false,
      })
      for (const doc of page.docs) titles.set(doc.id, titleOf(site, doc))
    }
    return titles
  }, [site, ids.join(',')])
}
