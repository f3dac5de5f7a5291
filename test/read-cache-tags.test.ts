import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonClient, waitFor } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import type { RunningGateway } from '../services/gateway/src/main.ts'
import {
  privateRedisPrefix,
  startGateway,
} from '../services/gateway/test/support/gateway-under-test.ts'
import { expectStatus } from './content-fixtures.ts'
import { cacheStatus, surrogateKeys, taggedSite } from './cache-tags-kit.ts'
import type { TaggedSite } from './cache-tags-kit.ts'

/**
 * The gateway's read cache drops only the entries whose tags a change names: a change of one
 * article leaves other documents and other types' lists cached (hits, seen in the gateway's
 * `X-Gateway-Cache`), and refreshes the article's answers, its type's lists and the answers that
 * populate it; a change heard only from the broker does the same.
 */
let site: TaggedSite
let isolated: RunningGateway

beforeAll(async () => {
  site = await taggedSite()
  // Its own Redis prefix: it hears other gateways' writes only through the broker's events.
  isolated = await startGateway({ REDIS_PREFIX: privateRedisPrefix() })
}, 120_000)

afterAll(async () => {
  await isolated?.stop()
  await site?.tap.close()
})

/** Entry events of the setup's writes: create and publish of four documents. */
const SETUP_EVENTS = 8

const READS = {
  pages: '/api/content?type=page',
  articles: '/api/content?type=article&sort=createdAt&populate=author',
  authorsArticle: () => `/api/content/${site.articles[1].id}?populate=author`,
  changed: () => `/api/content/${site.articles[0].id}`,
  other: () => `/api/content/${site.page.id}`,
  unpopulated: () => `/api/content/${site.articles[1].id}`,
  bySlug: () => `/api/content/by-slug/article/${site.articles[0].slug}`,
}

/** Reads each path until the gateway answers it from its cache (it trusts itself a moment after start). */
async function warm(api: ApiCall, paths: string[]): Promise<void> {
  for (const path of paths)
    await waitFor(async () => (cacheStatus(await api('GET', path)) === 'hit' ? true : undefined), {
      timeoutMs: 15_000,
      what: `${path} to be cached`,
    })
}

describe('read cache tags: a change drops what shows it, nothing else', () => {
  it("cache: a change drops only the cached answers that show it — when one article changes, then another type's list and another document stay cached, and the article, its lists and answers populating it are refreshed", async () => {
    const read = site.readApi
    await site.eventsArrived(SETUP_EVENTS)
    const paths = [
      READS.pages,
      READS.articles,
      READS.authorsArticle(),
      READS.changed(),
      READS.other(),
      READS.bySlug(),
    ]
    await warm(read, paths)

    await expectStatus(
      site.api('PATCH', `/api/content/${site.articles[0].id}`, {
        body: { data: { title: 'article 1, again' } },
      }),
      200,
    )
    const pages = await read('GET', READS.pages)
    const other = await read('GET', READS.other())
    const populating = await read('GET', READS.authorsArticle())
    expect([cacheStatus(pages), cacheStatus(other), cacheStatus(populating)]).toEqual([
      'hit',
      'hit',
      'hit',
    ])

    const changed = await read('GET', READS.changed())
    const bySlug = await read('GET', READS.bySlug())
    const list = await read('GET', READS.articles)
    expect([cacheStatus(changed), cacheStatus(bySlug), cacheStatus(list)]).toEqual([
      'miss',
      'miss',
      'miss',
    ])
    expect(changed.body.data.title).toBe('article 1, again')
    expect(bySlug.body.data.title).toBe('article 1, again')
    expect(list.body.docs[0].data.title).toBe('article 1, again')
  })

  it('cache: a change drops only the cached answers that show it — when a populated author changes, then the answers populating it are refreshed and the others stay', async () => {
    const read = site.readApi
    await site.eventsArrived(SETUP_EVENTS + 1)
    await warm(read, [READS.articles, READS.authorsArticle(), READS.unpopulated(), READS.pages])
    await expectStatus(
      site.api('PATCH', `/api/content/${site.author.id}`, { body: { data: { name: 'Grace' } } }),
      200,
    )
    const populating = await read('GET', READS.authorsArticle())
    const list = await read('GET', READS.articles)
    expect([cacheStatus(populating), cacheStatus(list)]).toEqual(['miss', 'miss'])
    expect(populating.body.data.author.data.name).toBe('Grace')
    expect(list.body.docs.map((doc: any) => doc.data.author.data.name)).toEqual(['Grace', 'Grace'])
    const unpopulated = await read('GET', READS.unpopulated())
    const pages = await read('GET', READS.pages)
    expect([cacheStatus(unpopulated), cacheStatus(pages)]).toEqual(['hit', 'hit'])
  })

  it("cache: a change drops only the cached answers that show it — when a document changes through another gateway that shares no Redis, then its entry event refreshes this gateway's answers and leaves the others", async () => {
    const read = jsonClient(isolated.url, { 'x-api-key': site.readKey })
    await site.eventsArrived(SETUP_EVENTS + 2)
    await warm(read, [READS.other(), READS.pages, READS.changed()])
    await expectStatus(
      site.api('PATCH', `/api/content/${site.page.id}`, { body: { data: { title: 'about us' } } }),
      200,
    )
    const seen = await waitFor(
      async () => {
        const now = await read('GET', READS.other())
        return now.body.data.title === 'about us' ? now : undefined
      },
      { timeoutMs: 10_000, what: 'the isolated gateway to show the change' },
    )
    expect(seen.status).toBe(200)
    const pages = await read('GET', READS.pages)
    expect(pages.body.docs[0].data.title).toBe('about us')
    expect(cacheStatus(await read('GET', READS.changed()))).toBe('hit')
  })
})

describe('read cache tags: the tags of an answer', () => {
  it('cache: answers name what they show — when a list populates relations and shows media, then it names the website, the type, its lists, each document, each populated document and its type, and each media file', async () => {
    const w = site.websiteId
    const list = await expectStatus(
      site.readApi('GET', '/api/content?type=article&populate=author,cover'),
      200,
    )
    const tags = surrogateKeys(list)
    expect(tags).toEqual(
      expect.arrayContaining([
        `w-${w}`,
        `t-${w}-article`,
        `l-${w}-article`,
        `d-${site.articles[0].id}`,
        `d-${site.articles[1].id}`,
        `d-${site.author.id}`,
        `t-${w}-author`,
        `m-${site.mediaId}`,
      ]),
    )
    expect(tags).not.toContain(`l-${w}-author`)
    expect(tags).not.toContain(`d-${site.page.id}`)
    expect(list.headers.get('cache-tag')?.split(',')).toEqual(tags)
    // A hit from the gateway's cache carries the same headers.
    const hit = await waitFor(
      async () => {
        const again = await site.readApi('GET', '/api/content?type=article&populate=author,cover')
        return cacheStatus(again) === 'hit' ? again : undefined
      },
      { timeoutMs: 15_000, what: 'the list to be cached' },
    )
    for (const header of ['surrogate-key', 'cache-tag', 'cache-control', 'vary'])
      expect(hit.headers.get(header)).toBe(list.headers.get(header))
  })

  it('cache: answers name what they show — when a list names no type, then it names the lists of every type the key sees', async () => {
    const w = site.websiteId
    const all = await expectStatus(site.readApi('GET', '/api/content'), 200)
    expect(surrogateKeys(all)).toEqual(
      expect.arrayContaining([`l-${w}-article`, `l-${w}-author`, `l-${w}-page`]),
    )
    const pagesOnly = await site.keyWith('viewer', ['page'])
    const restricted = await expectStatus(pagesOnly('GET', '/api/content'), 200)
    expect(surrogateKeys(restricted)).toContain(`l-${w}-page`)
    expect(surrogateKeys(restricted)).not.toContain(`l-${w}-article`)
  })
})
