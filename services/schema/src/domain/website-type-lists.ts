import { LRUCache } from 'lru-cache'
import { DEFAULT_LOCALES } from '@cms/content-model'
import type { ContentType } from '@cms/content-model'
import type { ContentTypeStore } from './content-type-store.ts'
import { declarationsOf } from './website-type-index.ts'
import type { WebsiteTypeIndex, WebsiteTypeIndexEntry } from './website-type-index.ts'

export interface WebsiteTypeList {
  types: ContentType[]
  /** The website's components, sorted by name as the types are. */
  components: ContentType[]
  /** The website index's revision the list was read at. */
  revision: number
}

export interface WebsiteTypeLists {
  /** The website's types and components sorted by name: from memory while its revision is unchanged. */
  read(websiteId: string): Promise<WebsiteTypeList>
  /** How many definitions (types and components) the website has, from its index. */
  count(websiteId: string): Promise<number>
  /** The website's revision: changes with every change of any of its types or components. */
  revision(websiteId: string): Promise<number>
  /** Each type's field declarations, from the index alone (one small read). */
  declarations(websiteId: string): Promise<WebsiteTypeIndexEntry['declarations']>
  /** Names, revision and declarations together, from one small read of the index. */
  index(websiteId: string): Promise<WebsiteTypeIndexEntry>
}

const byName = (a: ContentType, b: ContentType) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

/** The stored definitions of `names`, sorted; a name without a record is skipped. */
async function readAll(
  store: ContentTypeStore,
  websiteId: string,
  names: readonly string[],
): Promise<ContentType[]> {
  const found = await Promise.all(names.map((name) => store.find(websiteId, name)))
  return found.filter((type): type is ContentType => type !== undefined).sort(byName)
}

/**
 * A website's list costs one small `_id` read while nothing changed (the revision matches the
 * cached list), else one `_id` read per type and component of that website: never a read of
 * other websites' types, so its cost is bounded by the website's own quota. Cached lists share
 * `maxBytes`.
 */
export function createWebsiteTypeLists(deps: {
  store: ContentTypeStore
  components: ContentTypeStore
  index: WebsiteTypeIndex
  maxBytes?: number
}): WebsiteTypeLists {
  const cache = new LRUCache<string, WebsiteTypeList>({
    maxSize: deps.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (list) =>
      Math.max(1, JSON.stringify(list.types).length + JSON.stringify(list.components).length),
  })

  async function indexOf(websiteId: string): Promise<WebsiteTypeIndexEntry> {
    const found = await deps.index.read(websiteId)
    if (found) return found
    // Types stored before the index existed (and before components did): one read, once.
    const stored = await deps.store.list(websiteId)
    const types = stored.map((type) => ({
      name: type.name,
      fields: declarationsOf(type.fields, type.localized),
    }))
    await deps.index.rebuild(websiteId, types)
    const declarations = Object.fromEntries(types.map((type) => [type.name, type.fields]))
    return (
      (await deps.index.read(websiteId)) ?? {
        names: stored.map((t) => t.name),
        revision: -1,
        declarations,
        components: [],
        componentDeclarations: {},
        locales: [...DEFAULT_LOCALES],
      }
    )
  }

  return {
    async read(websiteId) {
      const { names, components, revision } = await indexOf(websiteId)
      const hit = cache.get(websiteId)
      if (hit && hit.revision === revision) return hit
      const list = {
        types: await readAll(deps.store, websiteId, names),
        components: await readAll(deps.components, websiteId, components),
        revision,
      }
      if (revision >= 0) cache.set(websiteId, list)
      return list
    },
    async count(websiteId) {
      const { names, components } = await indexOf(websiteId)
      return names.length + components.length
    },
    async revision(websiteId) {
      return (await indexOf(websiteId)).revision
    },
    async declarations(websiteId) {
      return (await indexOf(websiteId)).declarations
    },
    index: indexOf,
  }
}
