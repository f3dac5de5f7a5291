import { describe, expect, it } from 'vitest'
import { BUILT_IN_ROLES } from '@cms/contract'
import type { ContentType } from '@cms/content-model'
import { createContentTypeCatalog } from './content-types.ts'
import type { ContentTypeSource } from '../document/content-type-source.ts'

const caller = { websiteId: 'w1', keyId: 'k1', permissions: BUILT_IN_ROLES.viewer }
const typeNamed = (name: string) => ({ name, fields: [] }) as unknown as ContentType

function countingSource() {
  let lists = 0
  const gets: Array<string | undefined> = []
  let current = [typeNamed('a')]
  let release: (() => void) | undefined
  const source: ContentTypeSource = {
    async get(_caller, name, etag) {
      gets.push(etag)
      const found = current.find((type) => type.name === name)
      if (!found) return undefined
      const served = `"${current.length}-${name}"`
      return etag === served ? 'unchanged' : { type: found, locales: [], etag: served }
    },
    async list() {
      lists++
      const snapshot = current
      if (release === undefined) return { types: snapshot, locales: [] }
      await new Promise<void>((resolve) => (release = resolve))
      return { types: snapshot, locales: [] }
    },
  }
  return {
    source,
    lists: () => lists,
    gets,
    set: (types: ContentType[]) => (current = types),
    hold: () => (release = () => undefined),
    resume: () => {
      const held = release
      release = undefined
      held?.()
    },
  }
}

describe('content type catalog', () => {
  it('when listed twice, then the source is asked once; after invalidate, again', async () => {
    const source = countingSource()
    const catalog = createContentTypeCatalog({ source: source.source })
    await catalog.listed(caller)
    await catalog.listed(caller)
    expect(source.lists()).toBe(1)
    source.set([typeNamed('a'), typeNamed('b')])
    catalog.invalidate('w1')
    expect((await catalog.listed(caller)).types.map((type) => type.name)).toEqual(['a', 'b'])
    expect(source.lists()).toBe(2)
  })

  it('when a list fetched before an invalidation arrives after it, then it is not cached', async () => {
    const source = countingSource()
    const catalog = createContentTypeCatalog({ source: source.source })
    source.hold()
    const pending = catalog.listed(caller)
    await new Promise((resolve) => setTimeout(resolve, 0))
    source.set([typeNamed('a'), typeNamed('new')])
    catalog.invalidate('w1')
    source.resume()
    expect((await pending).types.map((type) => type.name)).toEqual(['a'])
    expect((await catalog.listed(caller)).types.map((type) => type.name)).toEqual(['a', 'new'])
  })

  it('when asked for the current type, then the source is always asked', async () => {
    const source = countingSource()
    const catalog = createContentTypeCatalog({ source: source.source })
    expect(await catalog.current(caller, 'a')).toBeDefined()
    source.set([])
    expect(await catalog.current(caller, 'a')).toBeUndefined()
  })

  it('when a held type is unchanged, then it is revalidated with its etag and served from memory', async () => {
    const source = countingSource()
    const catalog = createContentTypeCatalog({ source: source.source })
    const first = await catalog.current(caller, 'a')
    const second = await catalog.current(caller, 'a')
    expect(second).toBe(first)
    expect(source.gets).toEqual([undefined, '"1-a"'])
    source.set([typeNamed('a'), typeNamed('b')])
    const changed = await catalog.current(caller, 'a')
    expect(changed).not.toBe(first)
    expect(source.gets[2]).toBe('"1-a"')
  })
})
