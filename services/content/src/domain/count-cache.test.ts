import { describe, expect, it } from 'vitest'
import type { ChangeStamps } from '../data/change-stamps.ts'
import type { DocumentPageQuery, DocumentsRepository } from '../data/documents-repository.ts'
import { withCountCache } from './count-cache.ts'

function fakeDocuments() {
  const calls = { page: 0, pageOnly: 0 }
  let total = 3
  const documents = {
    findById: async () => null,
    insertIfAbsent: async () => true,
    replaceIfOlder: async () => true,
    remove: async () => true,
    page: async () => {
      calls.page++
      return { docs: [], total }
    },
    pageOnly: async () => {
      calls.pageOnly++
      return []
    },
  } satisfies DocumentsRepository
  return { documents, calls, setTotal: (next: number) => (total = next) }
}

function fakeStamps() {
  const tokens = new Map<string, number>()
  const stamps: ChangeStamps = {
    current: async (websiteId) => String(tokens.get(websiteId) ?? 0),
    renew: async (websiteId) => void tokens.set(websiteId, (tokens.get(websiteId) ?? 0) + 1),
  }
  return stamps
}

const query = (websiteId: string, status = 'published'): DocumentPageQuery => ({
  filter: { websiteId, status },
  sort: [['_id', 1]],
  skip: 0,
  limit: 20,
})

describe('count cache', () => {
  it('when nothing changed since a list was counted, then the next list of that filter is not counted again', async () => {
    const { documents, calls } = fakeDocuments()
    const cached = withCountCache(documents, { stamps: fakeStamps() })
    expect((await cached.page(query('a'))).total).toBe(3)
    expect((await cached.page({ ...query('a'), skip: 20 })).total).toBe(3)
    expect(calls).toEqual({ page: 1, pageOnly: 1 })
  })

  it('when the website changed, or the filter or website differs, then the list is counted', async () => {
    const { documents, calls, setTotal } = fakeDocuments()
    const stamps = fakeStamps()
    const cached = withCountCache(documents, { stamps })
    await cached.page(query('a'))
    await cached.page(query('a', 'draft'))
    await cached.page(query('b'))
    expect(calls.page).toBe(3)
    setTotal(4)
    await stamps.renew('a')
    expect((await cached.page(query('a'))).total).toBe(4)
    expect(calls.page).toBe(4)
  })
})
