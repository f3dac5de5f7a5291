import process from 'node:process'
import { beforeAll, describe, expect, it } from 'vitest'
import { contentSite, expectStatus } from './content-fixtures.ts'
import type { ContentSite } from './content-fixtures.ts'
import { deltaOf, fullList, random, sorted, syncInto, writer } from './sync-kit.ts'
import type { SyncedCopy } from './sync-kit.ts'

/** The consistency claim of GET /api/sync, checked against full lists (docs/sync.md). */
let site: ContentSite

beforeAll(async () => {
  site = await contentSite()
})

async function expectCopiesMatch(published: SyncedCopy, drafts: SyncedCopy) {
  expect(sorted(published.docs)).toEqual(sorted(await fullList(site.readApi)))
  expect(sorted(drafts.docs)).toEqual(sorted(await fullList(site.api, '&draft=true')))
}

describe('sync model', () => {
  it('sync: applying every page in order yields a full list at the token — when random creates, updates, pending drafts, publishes, unpublishes, deletes and restores are interleaved with syncs, then the published and draft copies always equal the full lists', async () => {
    // SYNC_MODEL_SEED repeats a failing run from the seed it printed.
    const seed = Number(process.env.SYNC_MODEL_SEED ?? Date.now() % 100_000)
    console.log(`sync model seed ${seed}`)
    const write = writer(site, random(seed))
    let published = await syncInto(site.readApi, '/api/sync?initial=true')
    let drafts = await syncInto(site.api, '/api/sync?initial=true&draft=true')
    for (let round = 0; round < 12; round++) {
      const writes = 1 + Math.floor(random(seed + round)() * 8)
      for (let n = 0; n < writes; n++) await write()
      published = await deltaOf(site.readApi, published)
      drafts = await deltaOf(site.api, drafts)
      await expectCopiesMatch(published, drafts)
    }
    const fresh = await syncInto(site.api, '/api/sync?initial=true&draft=true')
    expect(sorted(fresh.docs)).toEqual(sorted(drafts.docs))
  }, 240_000)

  it('sync: applying every page in order yields a full list at the token — when writes land between the pages of an initial sync and while a delta is read, then the copy equals the full list after that sync and after the next', async () => {
    const own = await contentSite()
    const write = writer(own, random(7))
    const listed = await Promise.all(
      Array.from({ length: 104 }, (_, n) => own.createArticle({ title: `p${n}` })),
    )
    // After the first page of documents: the sync's own token is only made after the last one.
    const between = async (page: number) => {
      if (page > 1) return
      for (const doc of [listed[0]!, listed[103]!])
        await expectStatus(
          own.api('PATCH', `/api/content/${doc.id}`, { body: { data: { body: 'between' } } }),
          200,
        )
      await expectStatus(own.api('DELETE', `/api/content/${listed[102]!.id}`), 204)
      for (let n = 0; n < 5; n++) await write()
    }
    const copy = await syncInto(own.api, '/api/sync?initial=true&draft=true', undefined, between)
    expect(copy.pages.length).toBeGreaterThan(2)
    expect(sorted(copy.docs)).toEqual(sorted(await fullList(own.api, '&draft=true')))
    expect(copy.docs.get(listed[103]!.id)?.data.body).toBe('between')

    // Each concurrent writer changes documents of its own.
    const writes = Promise.all(
      [1, 2, 3].map(async (seed) => {
        const mine = writer(own, random(seed))
        for (let n = 0; n < 10; n++) await mine()
      }),
    )
    let during = await deltaOf(own.api, copy)
    await writes
    during = await deltaOf(own.api, during)
    expect(sorted(during.docs)).toEqual(sorted(await fullList(own.api, '&draft=true')))
  }, 240_000)
})
