import { adminClient, apiClient, createTestWebsite, GENEROUS_PLAN, waitFor } from '@cms/testkit'
import type { ApiCall, ApiResponse, TestWebsite } from '@cms/testkit'
import { expectStatus, tapEntryEvents } from './content-fixtures.ts'
import type { EventTap } from './content-fixtures.ts'
import { makeImage, upload } from './media-kit.ts'

/** A website of authors, articles (an author and a cover each) and pages, all published. */
export interface TaggedSite extends TestWebsite {
  author: { id: string }
  articles: [{ id: string; slug: string }, { id: string; slug: string }]
  page: { id: string }
  mediaId: string
  /** Creates and publishes a document; returns it. */
  publish(type: string, data: Record<string, unknown>): Promise<any>
  /** The website's entry events, heard from before its first document. */
  tap: EventTap
  /** Waits until `count` entry events arrived, so no earlier change lands on a later read. */
  eventsArrived(count: number): Promise<void>
  /** A key of the website with `role`, restricted to `types` when given. */
  keyWith(role: string, types?: string[]): Promise<ApiCall>
}

export async function taggedSite(): Promise<TaggedSite> {
  const site = await createTestWebsite()
  const tap = await tapEntryEvents(site.websiteId)
  const define = (body: Record<string, unknown>) =>
    expectStatus(site.api('POST', '/api/content-types', { body }), 201)
  await define({ name: 'author', fields: [{ name: 'name', type: 'text' }] })
  await define({ name: 'page', fields: [{ name: 'title', type: 'text' }] })
  await define({
    name: 'article',
    slugField: 'slug',
    fields: [
      { name: 'title', type: 'text' },
      { name: 'slug', type: 'text' },
      { name: 'author', type: 'relation', target: 'author' },
      { name: 'cover', type: 'media' },
    ],
  })
  const cover = await upload(site, {
    bytes: await makeImage({ width: 8, height: 8 }),
    name: 'cover.png',
  })
  if (cover.status !== 201) throw new Error(`upload failed: ${cover.status}`)
  const publish = async (type: string, data: Record<string, unknown>) => {
    const created = await expectStatus(
      site.api('POST', '/api/content', { body: { type, data } }),
      201,
    )
    const published = await expectStatus(
      site.api('POST', `/api/content/${created.body.id}/publish`),
      200,
    )
    return published.body
  }
  const author = await publish('author', { name: 'Ada' })
  const article = (n: number) =>
    publish('article', {
      title: `article ${n}`,
      slug: `article-${n}`,
      author: author.id,
      cover: cover.body.id,
    })
  const articles = [await article(1), await article(2)] as TaggedSite['articles']
  const page = await publish('page', { title: 'about' })
  return {
    ...site,
    author,
    articles,
    page,
    mediaId: cover.body.id,
    publish,
    tap,
    async eventsArrived(count) {
      await waitFor(() => (tap.events().length >= count ? true : undefined), {
        timeoutMs: 30_000,
        what: `${count} entry events`,
      })
    },
    async keyWith(role, types) {
      const created = await adminClient()('POST', `/admin/api/websites/${site.websiteId}/keys`, {
        body: { name: `${role} key`, role, rateLimit: GENEROUS_PLAN, ...(types && { types }) },
      })
      if (created.status !== 201) throw new Error(`key: ${created.status} ${created.text}`)
      return apiClient(created.body.key)
    },
  }
}

/** The tags an answer names in `Surrogate-Key`. */
export const surrogateKeys = (response: ApiResponse): string[] =>
  (response.headers.get('surrogate-key') ?? '').split(' ').filter(Boolean)

/** Whether the gateway answered from its read cache. */
export const cacheStatus = (response: ApiResponse): string | null =>
  response.headers.get('x-gateway-cache')
