import { beforeAll, describe, expect, it } from 'vitest'
import { contentSite, defineType, expectStatus } from './content-fixtures.ts'
import type { ContentSite } from './content-fixtures.ts'

/** Writes without transactions: racing writers never lose changes or share a slug. */
let site: ContentSite
const WRITERS = 20
/** Writers of one document without If-Match: they wait in line in the content service. */
const MANY_WRITERS = 50
const COUNTER_FIELDS = Array.from({ length: MANY_WRITERS }, (_, i) => ({
  name: `f${i}`,
  type: 'integer',
}))

beforeAll(async () => {
  site = await contentSite()
  await defineType(site.api, {
    name: 'counter',
    titleField: 'label',
    fields: [{ name: 'label', type: 'text' }, ...COUNTER_FIELDS],
  })
})

const createCounter = async () =>
  (
    await expectStatus(
      site.api('POST', '/api/content', { body: { type: 'counter', data: { label: 'race' } } }),
      201,
    )
  ).body

describe('concurrent patches', () => {
  it('when 20 patches race with the same If-Match, then exactly one succeeds and the rest get 412', async () => {
    const document = await createCounter()
    const responses = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) =>
        site.api('PATCH', `/api/content/${document.id}`, {
          body: { data: { [`f${i}`]: i } },
          headers: { 'if-match': '"1"' },
        }),
      ),
    )
    const statuses = responses.map((response) => response.status).sort()
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 412)).toHaveLength(WRITERS - 1)
    const winner = responses.find((response) => response.status === 200)!.body
    const current = (
      await expectStatus(site.api('GET', `/api/content/${document.id}?draft=true`), 200)
    ).body
    expect(current).toEqual(winner)
    expect(current.version).toBe(2)
    const versions = (
      await expectStatus(site.api('GET', `/api/content/${document.id}/versions`), 200)
    ).body
    expect(versions.totalDocs).toBe(2)
    expect(versions.docs[0].data).toEqual(winner.data)
  })

  it('when 50 patches race without If-Match, then all answer 200 (none times out), 51 versions exist, the version is 51 and no change is lost', async () => {
    const document = await createCounter()
    const responses = await Promise.all(
      Array.from({ length: MANY_WRITERS }, (_, i) =>
        site.api('PATCH', `/api/content/${document.id}`, { body: { data: { [`f${i}`]: i } } }),
      ),
    )
    expect(responses.map((response) => response.status)).toEqual(Array(MANY_WRITERS).fill(200))
    expect(new Set(responses.map((response) => response.body.version)).size).toBe(MANY_WRITERS)
    const current = (
      await expectStatus(site.api('GET', `/api/content/${document.id}?draft=true`), 200)
    ).body
    expect(current.version).toBe(MANY_WRITERS + 1)
    const expected: Record<string, unknown> = { label: 'race' }
    for (let i = 0; i < MANY_WRITERS; i++) expected[`f${i}`] = i
    expect(current.data).toEqual(expected)
    const versions = (
      await expectStatus(site.api('GET', `/api/content/${document.id}/versions?limit=100`), 200)
    ).body
    expect(versions.totalDocs).toBe(MANY_WRITERS + 1)
    expect(versions.docs.map((v: { version: number }) => v.version)).toEqual(
      Array.from({ length: MANY_WRITERS + 1 }, (_, i) => MANY_WRITERS + 1 - i),
    )
    // Each version holds exactly one more field than the one before it: every change built on the last.
    const sizes = versions.docs.map((v: { data: object }) => Object.keys(v.data).length).reverse()
    expect(sizes).toEqual(Array.from({ length: MANY_WRITERS + 1 }, (_, i) => i + 1))
  })

  it('when publish, unpublish and patches race, then the final document matches the newest version record', async () => {
    const document = await createCounter()
    await Promise.all([
      site.api('POST', `/api/content/${document.id}/publish`),
      site.api('PATCH', `/api/content/${document.id}`, { body: { data: { f0: 1 } } }),
      site.api('POST', `/api/content/${document.id}/unpublish`),
      site.api('PATCH', `/api/content/${document.id}`, { body: { data: { f1: 1 } } }),
      site.api('POST', `/api/content/${document.id}/publish`),
    ])
    const current = (
      await expectStatus(site.api('GET', `/api/content/${document.id}?draft=true`), 200)
    ).body
    const newest = (
      await expectStatus(site.api('GET', `/api/content/${document.id}/versions?limit=1`), 200)
    ).body.docs[0]
    expect(newest.version).toBe(current.version)
    expect(newest).toMatchObject({ status: current.status, data: current.data, slug: current.slug })
    expect(current.data).toMatchObject({ f0: 1, f1: 1 })
  })
})

describe('concurrent creates', () => {
  it('when 10 documents with the same title are created at once, then they all get distinct slugs', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        site.api('POST', '/api/content', {
          body: { type: 'article', data: { title: 'Breaking News' } },
        }),
      ),
    )
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(201))
    const slugs = responses.map((response) => response.body.slug as string).sort()
    expect(new Set(slugs).size).toBe(10)
    expect(slugs).toContain('breaking-news')
    for (const slug of slugs) expect(slug).toMatch(/^breaking-news(-\d+)?$/)
  })

  it('when two documents race for the same client slug, then one gets it and the other 409', async () => {
    const responses = await Promise.all(
      Array.from({ length: 2 }, (_, i) =>
        site.api('POST', '/api/content', {
          body: { type: 'article', data: { title: `Racer ${i}` }, slug: 'contested' },
        }),
      ),
    )
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409])
  })
})
