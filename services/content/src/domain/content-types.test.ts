import { describe, expect, it } from 'vitest'
import type { ContentType } from '@cms/content-model'
import { createContentTypeCatalog } from './content-types.ts'
import type { ContentTypeSource } from './content-types.ts'

const caller = { websiteId: 'w1', keyId: 'k1', scope: 'read' as const }
const typeNamed = (name: string) => ({ name, fields: [] }) as unknown as ContentType

function countingSource() {
  let lists = 0
  let current = [typeNamed('a')]
  let release: (() => void) | undefined
  const source: ContentTypeSource = {
    get: async (_caller, name) => current.find((type) => type.name === name),
    async list() {
      lists++
      const snapshot = current
      if (release === undefined) return snapshot
      await new Promise<void>((resolve) => (release = resolve))
      return snapshot
    },
  }
  return {
    source,
    lists: () => lists,
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
    expect((await catalog.listed(caller)).map((type) => type.name)).toEqual(['a', 'b'])
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
    expect((await pending).map((type) => type.name)).toEqual(['a'])
    expect((await catalog.listed(caller)).map((type) => type.name)).toEqual(['a', 'new'])
  })

  it('when asked for the current type, then the source is always asked', async () => {
    const source = countingSource()
    const catalog = createContentTypeCatalog({ source: source.source })
    expect(await catalog.current(caller, 'a')).toBeDefined()
    source.set([])
    expect(await catalog.current(caller, 'a')).toBeUndefined()
  })
})
