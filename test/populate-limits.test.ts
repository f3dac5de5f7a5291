import qs from 'qs'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, testEnv } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { defineType, expectStatus } from './content-fixtures.ts'

/**
 * `node.links` names other nodes (the hostile shape: each node names all the others);
 * `article -> person -> company -> company` and `article -> tag -> tag` are what a site shows.
 */
const TYPES = [
  { name: 'company', fields: [{ name: 'parent', type: 'relation', target: 'company' }] },
  { name: 'person', fields: [{ name: 'employer', type: 'relation', target: 'company' }] },
  { name: 'tag', fields: [{ name: 'parent', type: 'relation', target: 'tag' }] },
  {
    name: 'node',
    fields: [
      { name: 'body', type: 'textarea' },
      { name: 'links', type: 'relation', target: 'node', many: true },
    ],
  },
  {
    name: 'article',
    fields: [
      { name: 'title', type: 'text' },
      { name: 'author', type: 'relation', target: 'person' },
      { name: 'tags', type: 'relation', target: 'tag', many: true },
    ],
  },
]

async function published(site: TestWebsite, type: string, data: object): Promise<string> {
  const created = await expectStatus(
    site.api('POST', '/api/content', { body: { type, data } }),
    201,
  )
  const id = created.body.id as string
  await expectStatus(site.api('POST', `/api/content/${id}/publish`), 200)
  return id
}

/** Runs `make` for 0..count-1, ten at a time. */
async function inBatches<T>(count: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const made: T[] = []
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, i) => make(start + i))
    made.push(...(await Promise.all(batch)))
  }
  return made
}

/** `count` published nodes, each naming all the others. */
async function mesh(site: TestWebsite, count: number, body = ''): Promise<string[]> {
  const ids = await inBatches(count, () => published(site, 'node', { body }))
  await inBatches(count, async (index) => {
    const links = ids.filter((_, other) => other !== index)
    await expectStatus(
      site.api('PATCH', `/api/content/${ids[index]}`, { body: { data: { links } } }),
      200,
    )
    await expectStatus(site.api('POST', `/api/content/${ids[index]}/publish`), 200)
  })
  return ids
}

/** Which content-read process answers `/healthz` (the launcher's id for it). */
async function contentReadInstance(): Promise<string> {
  const health = await fetch(`${testEnv().contentReadUrl}/healthz`)
  expect(health.status).toBe(200)
  return ((await health.json()) as { instance: string }).instance
}

const threeLevels = qs.stringify({
  type: 'node',
  limit: 100,
  populate: { links: { populate: { links: { populate: { links: true } } } } },
})

describe('populate limits', () => {
  let site: TestWebsite
  beforeAll(async () => {
    site = await createTestWebsite()
    for (const type of TYPES) await defineType(site.api, type)
  }, 120_000)

  it('relations: populate is bounded — when 21 nodes each naming all the others are populated three levels deep with a read key, then 422 VALIDATION_ERROR at populate names the limit, and the content-read process stays healthy', async () => {
    await mesh(site, 21)
    const before = await contentReadInstance()
    const response = await site.readApi('GET', `/api/content?${threeLevels}`)
    expect(response.status).toBe(422)
    expect(response.body.error.code).toBe('VALIDATION_ERROR')
    expect(response.body.error.details).toEqual([
      { path: 'populate', message: expect.stringContaining('at most 5000') },
    ])
    // Unbounded, this answer embedded 168,420 documents: 204 MB, built in about 17 s.
    expect(await contentReadInstance()).toBe(before)
    const oneLevel = await site.readApi('GET', '/api/content?type=node&limit=100&populate=links')
    expect(oneLevel.status).toBe(200)
    expect(oneLevel.body.docs).toHaveLength(21)
    expect(oneLevel.body.docs[0].data.links).toHaveLength(20)
  }, 180_000)

  it('relations: populate is bounded — when fewer documents would weigh more than the byte limit, then 422 at populate names it', async () => {
    const other = await createTestWebsite()
    for (const type of TYPES) await defineType(other.api, type)
    // 10 x 9 embedded nodes of 500 KB each: about 45 MB, past the default 32 MiB.
    await mesh(other, 10, 'x'.repeat(500_000))
    const response = await other.readApi('GET', '/api/content?type=node&populate=links&fields=id')
    expect(response.status).toBe(422)
    expect(response.body.error.details).toEqual([
      { path: 'populate', message: expect.stringContaining(`${32 * 1024 * 1024} bytes`) },
    ])
    const small = await other.readApi(
      'GET',
      `/api/content?${qs.stringify({ type: 'node', limit: 1, populate: { links: { fields: 'id' } } })}`,
    )
    expect(small.status).toBe(200)
    expect(small.body.docs[0].data.links).toHaveLength(9)
  }, 180_000)

  it('relations: populate is bounded — when a page of 100 articles populates author and tags two levels deep, and one article three levels, then both are answered in full', async () => {
    const root = await published(site, 'company', {})
    const company = await published(site, 'company', { parent: root })
    const people = await inBatches(10, () => published(site, 'person', { employer: company }))
    const tagRoot = await published(site, 'tag', {})
    const tags = await inBatches(10, () => published(site, 'tag', { parent: tagRoot }))
    await inBatches(100, (index) =>
      published(site, 'article', {
        title: `article ${index}`,
        author: people[index % 10],
        tags: [0, 1, 2, 3, 4].map((offset) => tags[(index + offset) % 10]),
      }),
    )
    const twoLevels = qs.stringify({
      type: 'article',
      limit: 100,
      populate: { author: { populate: { employer: true } }, tags: { populate: { parent: true } } },
    })
    const page = await site.readApi('GET', `/api/content?${twoLevels}`)
    expect(page.status).toBe(200)
    expect(page.body.docs).toHaveLength(100)
    for (const article of page.body.docs) {
      expect(article.data.author.data.employer.id).toBe(company)
      expect(article.data.tags).toHaveLength(5)
      for (const tag of article.data.tags) expect(tag.data.parent.id).toBe(tagRoot)
    }
    const deep = qs.stringify({
      type: 'article',
      limit: 1,
      populate: { author: { populate: { employer: { populate: { parent: true } } } } },
    })
    const one = await site.readApi('GET', `/api/content?${deep}`)
    expect(one.status).toBe(200)
    expect(one.body.docs[0].data.author.data.employer.data.parent.id).toBe(root)
  }, 600_000)
})
