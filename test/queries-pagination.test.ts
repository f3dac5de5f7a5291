import { randomUUID } from 'node:crypto'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, testEnv } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'

/**
 * Walking every page of a 1,000-document list through the gateway, under several sorts, returns
 * each document exactly once and in the order the sort defines (id last). The rows are inserted
 * straight into the content service's collection in one batch: creating 1,000 documents through
 * the API would cost a minute of a shared machine and prove nothing more about listing.
 */
const ROWS = 1000
const GROUPS = ['amber', 'blue', 'Cyan', 'delta', 'echo', 'fox', 'gray']

interface Row {
  _id: string
  slug: string
  status: 'draft' | 'published'
  publishedAt: Date | null
  createdAt: Date
  data: { n: number; group: string; score?: number }
}

interface StoredRow extends Row {
  websiteId: string
  type: string
  authorId: string
  updatedAt: Date
  version: number
}

let site: TestWebsite
let rows: Row[] = []
let mongo: MongoClient

function makeRows(websiteId: string, authorId: string): StoredRow[] {
  const base = Date.UTC(2024, 0, 1)
  return Array.from({ length: ROWS }, (_, i) => {
    const published = i % 3 === 0
    // Few distinct dates, groups and scores: most sort keys tie, so only the id can order them.
    const createdAt = new Date(base + (i % 250) * 60_000)
    const data: Row['data'] = { n: i % 97, group: GROUPS[i % GROUPS.length]! }
    if (i % 5 !== 0) data.score = (i * 31) % 17
    return {
      _id: randomUUID(),
      websiteId,
      type: 'row',
      slug: `row-${String(i).padStart(4, '0')}`,
      status: published ? 'published' : 'draft',
      authorId,
      publishedAt: published ? new Date(base + (i % 40) * 3_600_000) : null,
      createdAt,
      updatedAt: createdAt,
      version: published ? 2 : 1,
      data,
    }
  })
}

beforeAll(async () => {
  site = await createTestWebsite()
  const type = await site.api('POST', '/api/content-types', {
    body: {
      name: 'row',
      fields: [
        { name: 'n', type: 'integer' },
        { name: 'group', type: 'text' },
        { name: 'score', type: 'number' },
      ],
    },
  })
  expect(type.status, type.text).toBe(201)
  mongo = new MongoClient(testEnv().mongoUrl)
  const seeded = makeRows(site.websiteId, site.adminKeyId)
  await mongo.db('cms_content').collection<StoredRow>('documents').insertMany(seeded)
  rows = seeded
}, 120_000)

afterAll(async () => {
  await mongo?.db('cms_content').collection('documents').deleteMany({ websiteId: site.websiteId })
  await mongo?.close()
})

type Key = (row: Row) => number | string | null
const KEYS: Record<string, Key> = {
  createdAt: (row) => row.createdAt.getTime(),
  publishedAt: (row) => row.publishedAt?.getTime() ?? null,
  slug: (row) => row.slug,
  n: (row) => row.data.n,
  group: (row) => row.data.group,
  score: (row) => row.data.score ?? null,
}

/** BSON order for these values: null (and missing) first, then numbers or strings; id last, in the last key's direction. */
function expectedOrder(sort: Array<[keyof typeof KEYS, 1 | -1]>, selected = rows): string[] {
  const compare = (a: Row, b: Row): number => {
    for (const [name, direction] of sort) {
      const x = KEYS[name]!(a)
      const y = KEYS[name]!(b)
      if (x === y) continue
      if (x === null) return -direction
      if (y === null) return direction
      return (x < y ? -1 : 1) * direction
    }
    return (a._id < b._id ? -1 : 1) * (sort.at(-1)?.[1] ?? 1)
  }
  return [...selected].sort(compare).map((row) => row._id)
}

async function walk(query: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = []
  for (let page = 1; ; page++) {
    const response = await site.api(
      'GET',
      `/api/content?draft=true&fields=slug&limit=${limit}&page=${page}&${query}`,
    )
    expect(response.status, response.text).toBe(200)
    expect(response.body.totalDocs).toBe(ROWS)
    ids.push(...response.body.docs.map((doc: { id: string }) => doc.id))
    if (!response.body.hasNextPage) return { ids, pages: page }
  }
}

describe('walking every page', () => {
  it.each([
    ['the default sort', '', 100, [['createdAt', -1]]],
    ['sort=-publishedAt (mostly null)', 'sort=-publishedAt', 100, [['publishedAt', -1]]],
    [
      'sort=score:desc,n',
      'sort=score:desc,n',
      100,
      [
        ['score', -1],
        ['n', 1],
      ],
    ],
    [
      'sort=group,-data.n with 37 a page',
      'sort=group,-data.n',
      37,
      [
        ['group', 1],
        ['n', -1],
      ],
    ],
    ['sort=slug', 'sort=slug', 100, [['slug', 1]]],
  ] as const)(
    'queries: equal sort keys are ordered by id; queries: sort takes -field or field:desc; queries: sort defaults to -createdAt — when %s is walked, then every document comes once, in order',
    async (_, query, limit, sort) => {
      const { ids, pages } = await walk(`type=row&${query}`, limit)
      expect(pages).toBe(Math.ceil(ROWS / limit))
      expect(new Set(ids).size).toBe(ROWS)
      expect(ids).toEqual(expectedOrder(sort.map(([name, direction]) => [name, direction])))
    },
    120_000,
  )
})

describe('the envelope', () => {
  it('queries: the list envelope — when the first page is asked for, then the envelope counts the whole result', async () => {
    const response = await site.api('GET', '/api/content?draft=true&type=row&fields=id&limit=100')
    expect(response.body).toMatchObject({
      totalDocs: ROWS,
      limit: 100,
      totalPages: 10,
      page: 1,
      hasNextPage: true,
      hasPrevPage: false,
      nextPage: 2,
      prevPage: null,
    })
    expect(response.body.docs).toHaveLength(100)
  })

  it('queries: a page past the end is empty — when a page past the end is asked for, then docs is empty and the totals are right', async () => {
    for (const page of [11, 1_000_000]) {
      const response = await site.api(
        'GET',
        `/api/content?draft=true&type=row&limit=100&page=${page}`,
      )
      expect(response.status).toBe(200)
      expect(response.body).toMatchObject({
        docs: [],
        totalDocs: ROWS,
        limit: 100,
        totalPages: 10,
        page,
        hasNextPage: false,
        hasPrevPage: true,
        nextPage: null,
        prevPage: 10,
      })
    }
  })

  it('queries: limit defaults to 20 — when no limit is given, then a page holds 20 documents and says so', async () => {
    const response = await site.api('GET', '/api/content?draft=true&type=row&fields=slug&page=2')
    expect(response.status, response.text).toBe(200)
    expect(response.body).toMatchObject({ limit: 20, totalPages: ROWS / 20, page: 2, nextPage: 3 })
    expect(response.body.docs.map((doc: { id: string }) => doc.id)).toEqual(
      expectedOrder([['createdAt', -1]]).slice(20, 40),
    )
  })

  it('when a filter narrows the list, then the totals count the filter and the pages its documents', async () => {
    const published = rows.filter((row) => row.status === 'published')
    const response = await site.api(
      'GET',
      '/api/content?type=row&limit=100&page=4&sort=slug&fields=slug',
    )
    expect(response.body).toMatchObject({
      totalDocs: published.length,
      totalPages: Math.ceil(published.length / 100),
      page: 4,
    })
    expect(response.body.docs.map((doc: { id: string }) => doc.id)).toEqual(
      expectedOrder([['slug', 1]], published).slice(300, 400),
    )
  })
})
