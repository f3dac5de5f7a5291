import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient, apiClient, jsonClient } from '@cms/testkit'
import type { ApiResponse } from '@cms/testkit'
import type { RunningGateway } from '../services/gateway/src/main.ts'
import { startGateway } from '../services/gateway/test/support/gateway-under-test.ts'
import { expectStatus } from './content-fixtures.ts'
import { surrogateKeys, taggedSite } from './cache-tags-kit.ts'
import type { TaggedSite } from './cache-tags-kit.ts'

/**
 * What every `/api` answer tells a CDN: published reads may be kept, per key, for the
 * installation's lifetimes, tagged with what they show; anything with draft access, versions,
 * audit, keys and every write is `private, no-store`.
 */
let site: TaggedSite
let configured: RunningGateway

beforeAll(async () => {
  site = await taggedSite()
  configured = await startGateway({ CDN_MAX_AGE_SECONDS: '42', CDN_STALE_SECONDS: '7' })
}, 120_000)

afterAll(async () => {
  await configured?.stop()
  await site?.tap.close()
})

const SHARED = 'public, s-maxage=300, stale-while-revalidate=60'
const NEVER = 'private, no-store'

const headersOf = (response: ApiResponse) => ({
  status: response.status,
  cacheControl: response.headers.get('cache-control'),
  vary: response.headers.get('vary'),
})

/** Surrogate-Key and Cache-Tag name the same tags, in their two forms. */
function expectBothTagForms(response: ApiResponse): string[] {
  const tags = surrogateKeys(response)
  expect(tags.length).toBeGreaterThan(0)
  expect(response.headers.get('cache-tag')).toBe(tags.join(','))
  return tags
}

describe('cache headers', () => {
  it('cache: published reads may be kept by a shared cache, per key — when a published list, document, document by slug, media file or type is read, then public with the CDN lifetimes, Vary on both key headers, and tags in both forms', async () => {
    const w = site.websiteId
    const [article] = site.articles
    const reads = {
      list: '/api/content?type=article',
      byId: `/api/content/${article.id}`,
      bySlug: `/api/content/by-slug/article/${article.slug}`,
      media: `/api/media/${site.mediaId}`,
      mediaList: '/api/media',
      type: '/api/content-types/article',
    }
    const tags: Record<string, string[]> = {}
    for (const [name, path] of Object.entries(reads)) {
      const answer = await expectStatus(site.readApi('GET', path), 200)
      expect(headersOf(answer)).toEqual({
        status: 200,
        cacheControl: SHARED,
        vary: 'x-api-key, Authorization',
      })
      tags[name] = expectBothTagForms(answer)
    }
    expect(tags.byId).toEqual(
      expect.arrayContaining([`w-${w}`, `t-${w}-article`, `d-${article.id}`]),
    )
    expect(tags.bySlug).toEqual(tags.byId)
    expect(tags.list).toEqual(expect.arrayContaining([`l-${w}-article`, `d-${article.id}`]))
    const key = `k-${site.readKeyId}`
    expect(tags.media).toEqual([`w-${w}`, `m-${site.mediaId}`, key])
    expect(tags.mediaList).toEqual(expect.arrayContaining([`ml-${w}`, `m-${site.mediaId}`, key]))
    expect(tags.type).toEqual([`w-${w}`, `t-${w}-article`, key])
    for (const named of Object.values(tags)) expect(named.at(-1)).toBe(key)
  })

  it('cache: published reads may be kept by a shared cache, per key — when the key expires before the lifetime ends, then s-maxage ends with the key and no stale answer is allowed past it', async () => {
    const expiresAt = new Date(Date.now() + 100_000).toISOString()
    const created = await expectStatus(
      adminClient()('POST', `/admin/api/websites/${site.websiteId}/keys`, {
        body: { name: 'short-lived', scope: 'read', expiresAt },
      }),
      201,
    )
    const answer = await expectStatus(
      apiClient(created.body.key)('GET', '/api/content?type=article'),
      200,
    )
    const [, maxAge, stale] = /^public, s-maxage=(\d+), stale-while-revalidate=(\d+)$/.exec(
      answer.headers.get('cache-control') ?? '',
    )!
    expect(Number(maxAge)).toBeGreaterThan(80)
    expect(Number(maxAge)).toBeLessThanOrEqual(100)
    expect(Number(stale)).toBe(0)
    expect(surrogateKeys(answer).at(-1)).toBe(`k-${created.body.id}`)
  })

  it('cache: published reads may be kept by a shared cache, per key — when a key restricted to some types reads, then the answer varies on the key and names only what that key sees', async () => {
    const pagesOnly = await site.keyWith('viewer', ['page'])
    const answer = await expectStatus(pagesOnly('GET', '/api/content'), 200)
    expect(headersOf(answer)).toEqual({
      status: 200,
      cacheControl: SHARED,
      vary: 'x-api-key, Authorization',
    })
    expect(answer.body.docs.map((doc: { id: string }) => doc.id)).toEqual([site.page.id])
    const tags = expectBothTagForms(answer)
    expect(tags).not.toContain(`d-${site.articles[0].id}`)
  })

  it('cache: draft access, versions, audit, keys and writes are never stored — when drafts, a preview token, versions, audit, keys or a write are asked for, then private, no-store and no tags', async () => {
    const [article] = site.articles
    const token = await expectStatus(
      site.api('POST', '/api/preview-tokens', { body: { expiresInSeconds: 120 } }),
      201,
    )
    const preview = apiClient(token.body.token)
    const answers = [
      await site.api('GET', '/api/content?type=article&draft=true'),
      await site.api('GET', `/api/content/${article.id}?draft=true`),
      await preview('GET', `/api/content/${article.id}?draft=true`),
      await site.api('GET', `/api/content/${article.id}/versions`),
      await site.api('GET', '/api/audit'),
      await site.api('GET', '/api/keys'),
      await site.api('PATCH', `/api/content/${site.page.id}`, {
        body: { data: { title: 'about' } },
      }),
      await site.api('POST', '/api/content', { body: { type: 'page', data: { title: 'new' } } }),
    ]
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(300)
      expect(answer.headers.get('cache-control')).toBe(NEVER)
      expect(answer.headers.get('surrogate-key')).toBeNull()
      expect(answer.headers.get('cache-tag')).toBeNull()
    }
  })

  it('cache: draft access, versions, audit, keys and writes are never stored — when a read is refused or not found, then private, no-store', async () => {
    const missing = await site.readApi('GET', '/api/content/00000000-0000-4000-8000-000000000999')
    const refused = await site.readApi('GET', '/api/content?type=article&draft=true')
    expect([missing.status, refused.status]).toEqual([404, 403])
    for (const answer of [missing, refused]) expect(answer.headers.get('cache-control')).toBe(NEVER)
  })

  it('cache: the lifetimes are installation settings — when a gateway sets CDN_MAX_AGE_SECONDS and CDN_STALE_SECONDS, then published reads carry them', async () => {
    const read = jsonClient(configured.url, { 'x-api-key': site.readKey })
    const answer = await expectStatus(read('GET', '/api/content?type=page'), 200)
    expect(answer.headers.get('cache-control')).toBe(
      'public, s-maxage=42, stale-while-revalidate=7',
    )
  })
})
