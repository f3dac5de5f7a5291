import { describe, expect, it } from 'vitest'
import type { ContentType } from '@cms/content-model'
import type { ContentTypeStore } from './content-type-store.ts'
import type { WebsiteTypeIndex, WebsiteTypeIndexEntry } from './website-type-index.ts'
import { createWebsiteTypeLists } from './website-type-lists.ts'

const typeNamed = (name: string) => ({ name, fields: [] }) as unknown as ContentType

function fakes() {
  const stored = new Map<string, ContentType>()
  let entry: WebsiteTypeIndexEntry | undefined
  const finds: string[] = []
  let fullLists = 0
  const store = {
    find: async (_websiteId: string, name: string) => {
      finds.push(name)
      return stored.get(name)
    },
    list: async () => {
      fullLists++
      return [...stored.values()]
    },
  } as unknown as ContentTypeStore
  const index = {
    read: async () => entry,
    rebuild: async (_websiteId: string, types: Array<{ name: string }>) => {
      entry = {
        names: types.map((t) => t.name),
        revision: 1,
        declarations: {},
        components: [],
        componentDeclarations: {},
        locales: [],
      }
    },
  } as unknown as WebsiteTypeIndex
  const components = new Map<string, ContentType>()
  const componentStore = {
    find: async (_websiteId: string, name: string) => {
      finds.push(name)
      return components.get(name)
    },
  } as unknown as ContentTypeStore
  return {
    store,
    components: componentStore,
    index,
    finds,
    fullLists: () => fullLists,
    put(name: string) {
      stored.set(name, typeNamed(name))
      entry = {
        names: [...new Set([...(entry?.names ?? []), name])],
        revision: (entry?.revision ?? 0) + 1,
        declarations: {},
        components: entry?.components ?? [],
        componentDeclarations: {},
        locales: [],
      }
    },
    putComponent(name: string) {
      components.set(name, typeNamed(name))
      entry = {
        ...entry!,
        components: [...entry!.components, name],
        revision: entry!.revision + 1,
      }
    },
    seed(name: string) {
      stored.set(name, typeNamed(name))
    },
  }
}

describe('createWebsiteTypeLists', () => {
  it("when the revision is unchanged, then the list comes from memory; after a change, the website's types are read by name", async () => {
    const f = fakes()
    f.put('b')
    f.put('a')
    const lists = createWebsiteTypeLists({
      store: f.store,
      components: f.components,
      index: f.index,
    })
    expect((await lists.read('w1')).types.map((t) => t.name)).toEqual(['a', 'b'])
    expect(f.finds).toHaveLength(2)
    await lists.read('w1')
    expect(f.finds).toHaveLength(2)
    f.put('c')
    expect((await lists.read('w1')).types.map((t) => t.name)).toEqual(['a', 'b', 'c'])
    expect(f.finds).toHaveLength(5)
    expect(f.fullLists()).toBe(0)
  })

  it('when a website has types stored before its index, then the index is built from one list, once', async () => {
    const f = fakes()
    f.seed('old')
    const lists = createWebsiteTypeLists({
      store: f.store,
      components: f.components,
      index: f.index,
    })
    expect(await lists.count('w1')).toBe(1)
    expect((await lists.read('w1')).types.map((t) => t.name)).toEqual(['old'])
    expect(f.fullLists()).toBe(1)
  })

  it('when the index names a type that is gone, then the list skips it', async () => {
    const f = fakes()
    f.put('kept')
    f.put('gone')
    const lists = createWebsiteTypeLists({
      store: f.store,
      components: f.components,
      index: f.index,
    })
    const stored = f.store as unknown as { find: ContentTypeStore['find'] }
    const original = stored.find
    stored.find = async (websiteId, name) =>
      name === 'gone' ? undefined : original(websiteId, name)
    expect((await lists.read('w1')).types.map((t) => t.name)).toEqual(['kept'])
  })

  it('when a website has components, then they are listed apart from its types, read from their own store, and counted with the types', async () => {
    const f = fakes()
    f.put('page')
    f.putComponent('seo')
    const lists = createWebsiteTypeLists({
      store: f.store,
      components: f.components,
      index: f.index,
    })
    const list = await lists.read('w1')
    expect(list.types.map((t) => t.name)).toEqual(['page'])
    expect(list.components.map((t) => t.name)).toEqual(['seo'])
    expect(await lists.count('w1')).toBe(2)
  })
})
