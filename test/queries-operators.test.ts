import qs from 'qs'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { matches } from './queries-reference.ts'
import type { ApiDoc, Kind } from './queries-reference.ts'

/**
 * Every filter operator through the gateway on real storage, on a base column and on a data
 * field of each scalar type, alone and under $and / $or / nesting: the ids the API returns are
 * exactly those a plain JavaScript filter (queries-reference.ts) picks from the seeded set.
 */
const ITEM_KINDS: Record<string, Kind> = {
  title: 'string',
  tags: 'tags',
  count: 'number',
  price: 'number',
  active: 'boolean',
  day: 'date',
  at: 'moment',
  body: 'opaque',
}

const TITLES = [
  'Alpha one',
  'alpha Two',
  'Beta (1)',
  'beta.2',
  'Gamma*',
  'gamma [x]',
  'Delta',
  'DELTA delta',
  'epsilon\\e',
]
const TAGS = ['news', 'tech', 'Sport', 'local']

function itemData(i: number): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  if (i % 10 !== 9) data.title = TITLES[i % TITLES.length]
  if (i % 4 !== 0) data.tags = TAGS.filter((_, t) => (i >> t) % 2 === 1 || t === i % 4)
  if (i % 5 !== 0) data.count = ((i * 7) % 13) - 3
  if (i % 6 !== 0) data.price = ((i * 37) % 100) / 4 + 0.5
  if (i % 7 !== 0) data.active = i % 2 === 0
  if (i % 8 !== 0) data.day = `2024-0${1 + (i % 9)}-${10 + (i % 18)}`
  if (i % 9 !== 0) data.at = new Date(Date.UTC(2024, 0, 1) + i * 7 * 3_600_000).toISOString()
  if (i % 3 === 0) data.body = { type: 'doc', content: [{ text: `item ${i}` }] }
  return data
}

let site: TestWebsite
let docs: ApiDoc[] = []

async function seed(): Promise<void> {
  const item = await site.api('POST', '/api/content-types', {
    body: {
      name: 'item',
      titleField: 'title',
      slugField: 'title',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'tags', type: 'tags' },
        { name: 'count', type: 'integer' },
        { name: 'price', type: 'number' },
        { name: 'active', type: 'boolean' },
        { name: 'day', type: 'date' },
        { name: 'at', type: 'datetime' },
        { name: 'body', type: 'richText' },
      ],
    },
  })
  expect(item.status, item.text).toBe(201)
  const note = await site.api('POST', '/api/content-types', {
    body: {
      name: 'note',
      fields: [
        { name: 'title', type: 'textarea' },
        { name: 'count', type: 'integer' },
      ],
    },
  })
  expect(note.status, note.text).toBe(201)
  const bodies = [
    ...Array.from({ length: 36 }, (_, i) => ({ type: 'item', data: itemData(i) })),
    ...Array.from({ length: 6 }, (_, i) => ({
      type: 'note',
      data: { title: `Note ${i}`, count: i - 2 },
    })),
  ]
  for (const [i, body] of bodies.entries()) {
    const created = await site.api('POST', '/api/content', { body })
    expect(created.status, created.text).toBe(201)
    if (i % 3 === 1) {
      const published = await site.api('POST', `/api/content/${created.body.id}/publish`)
      expect(published.status, published.text).toBe(200)
    }
  }
}

async function listIds(query: string): Promise<{ ids: string[]; total: number }> {
  const response = await site.api('GET', `/api/content?draft=true&limit=100&${query}`)
  expect(response.status, `${query} -> ${response.text}`).toBe(200)
  return {
    ids: response.body.docs.map((doc: ApiDoc) => doc.id).sort(),
    total: response.body.totalDocs,
  }
}

beforeAll(async () => {
  site = await createTestWebsite()
  await seed()
  const response = await site.api('GET', '/api/content?draft=true&limit=100')
  expect(response.status, response.text).toBe(200)
  docs = response.body.docs
  expect(docs).toHaveLength(42)
}, 180_000)

/** A value some seeded document holds, so that conditions on it are neither empty nor trivial. */
const valuesOf = (name: string): unknown[] =>
  docs.flatMap((doc) => {
    const value = name in doc ? doc[name] : doc.data[name]
    return value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]
  })

function middle(name: string): string {
  const values = valuesOf(name)
    .map(String)
    .sort((a, b) => (name === 'price' || name === 'count' ? Number(a) - Number(b) : a < b ? -1 : 1))
  return values[Math.floor(values.length / 2)]!
}

function quartiles(name: string): string {
  const values = valuesOf(name)
    .map(String)
    .sort((a, b) => (name === 'price' || name === 'count' ? Number(a) - Number(b) : a < b ? -1 : 1))
  return `${values[Math.floor(values.length / 4)]},${values[Math.floor((values.length * 3) / 4)]}`
}

function some(name: string, index: number): string {
  const values = [...new Set(valuesOf(name).map(String))]
  return values[index % values.length]!
}

type Case = { filters: Record<string, unknown>; type?: string }

const ORDERED = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$notIn',
  '$between',
  '$null',
  '$notNull',
]

function orderedCases(name: string, type?: string): Case[] {
  return ORDERED.map((operator) => {
    const value =
      operator === '$between'
        ? quartiles(name)
        : operator === '$in' || operator === '$notIn'
          ? `${some(name, 0)},${some(name, 3)}`
          : operator === '$null' || operator === '$notNull'
            ? 'true'
            : operator === '$eq' || operator === '$ne'
              ? some(name, 1)
              : middle(name)
    return { filters: { [name]: { [operator]: value } }, ...(type ? { type } : {}) }
  })
}

function textCases(name: string): Case[] {
  const sample = some(name, 2)
  const part = sample.slice(1, 4)
  const head = sample.slice(0, 3)
  const tail = sample.slice(-3)
  const ops: Array<[string, string]> = [
    ['$eq', sample],
    ['$ne', sample],
    ['$eqi', sample.toUpperCase()],
    ['$nei', sample.toUpperCase()],
    ['$in', `${sample},${some(name, 5)}`],
    ['$notIn', `${sample},${some(name, 5)}`],
    ['$contains', part.toUpperCase()],
    ['$containsi', part],
    ['$notContains', part.toUpperCase()],
    ['$notContainsi', part],
    ['$startsWith', head],
    ['$startsWith', head.toLowerCase()],
    ['$startsWithi', head.toUpperCase()],
    ['$endsWith', tail],
    ['$endsWithi', tail.toUpperCase()],
    ['$gt', middle(name)],
    ['$lte', middle(name)],
    ['$between', quartiles(name)],
    ['$null', 'true'],
    ['$notNull', 'true'],
    ['$null', 'false'],
  ]
  return ops.map(([operator, value]) => ({ filters: { [name]: { [operator]: value } } }))
}

/** Built after seeding: the values come from the seeded set. */
const buildCases = (): Case[] => [
  // base columns
  ...textCases('slug'),
  { filters: { status: 'published' } },
  { filters: { status: { $ne: 'published' } } },
  { filters: { type: { $in: 'note' } } },
  { filters: { version: { $gt: '1' } } },
  { filters: { id: { $in: 'placeholder' } } },
  ...orderedCases('createdAt'),
  ...orderedCases('publishedAt'),
  { filters: { updatedAt: { $gte: '2000-01-01' } } },
  // data fields, each scalar type
  ...textCases('title'),
  ...orderedCases('count', 'item'),
  ...orderedCases('price'),
  ...orderedCases('day'),
  ...orderedCases('at'),
  { filters: { active: 'true' } },
  { filters: { active: { $eq: 'false' } } },
  { filters: { active: { $ne: 'true' } } },
  { filters: { active: { $in: 'true,false' } } },
  { filters: { active: { $notIn: 'true' } } },
  { filters: { active: { $null: 'true' } } },
  { filters: { body: { $notNull: 'true' } } },
  { filters: { body: { $null: 'true' } } },
  // tags: elements
  ...[
    '$eq',
    '$ne',
    '$in',
    '$notIn',
    '$contains',
    '$notContains',
    '$startsWith',
    '$eqi',
    '$null',
  ].map((operator) => ({
    filters: {
      tags: {
        [operator]:
          operator === '$null'
            ? 'true'
            : operator === '$in' || operator === '$notIn'
              ? 'news,Sport'
              : operator === '$contains'
                ? 'SPO'
                : operator === '$startsWith'
                  ? 'te'
                  : operator === '$eqi'
                    ? 'SPORT'
                    : 'news',
      },
    },
  })),
  // logic
  { filters: { $and: [{ price: { $gt: '5' } }, { active: 'true' }] } },
  { filters: { $or: [{ title: { $contains: 'alpha' } }, { count: { $lt: '0' } }] } },
  { filters: { $or: [{ tags: 'news' }, { day: { $gte: '2024-06-01' } }], status: 'draft' } },
  {
    filters: {
      $and: [
        { $or: [{ title: { $startsWith: 'Gamma' } }, { price: { $lte: '10' } }] },
        {
          $or: [{ active: 'false' }, { tags: { $null: 'true' } }],
        },
      ],
    },
  },
  {
    filters: {
      $or: [
        { $and: [{ type: 'note' }, { count: { $gte: '1' } }] },
        {
          $and: [{ type: 'item' }, { $not: { count: { $gte: '1' } } }],
        },
      ],
    },
  },
  { filters: { $not: { $or: [{ status: 'published' }, { title: { $contains: 'delta' } }] } } },
  { filters: { title: { $not: { $contains: 'a' } }, price: { $notNull: 'true' } } },
]

describe('filters through the gateway', () => {
  it('when every case is listed, then each answer equals the plain filter over the seeded set', async () => {
    const withId = buildCases().map((c) =>
      c.filters.id ? { filters: { id: { $in: `${docs[3]!.id},${docs[17]!.id}` } } } : c,
    )
    const mismatches: string[] = []
    let nonTrivial = 0
    for (const { filters, type } of withId) {
      const query = qs.stringify(
        { ...(type ? { type } : {}), filters },
        {
          encodeValuesOnly: true,
        },
      )
      const expected = docs
        .filter((doc) => (type ? doc.type === type : true) && matches(doc, filters, ITEM_KINDS))
        .map((doc) => doc.id)
        .sort()
      if (expected.length > 0 && expected.length < docs.length) nonTrivial += 1
      const actual = await listIds(query)
      if (
        JSON.stringify(actual.ids) !== JSON.stringify(expected) ||
        actual.total !== expected.length
      ) {
        mismatches.push(
          `${decodeURIComponent(query)}: expected ${expected.length}, got ${actual.ids.length}`,
        )
      }
    }
    expect(mismatches).toEqual([])
    // The comparison means something only if most cases pick a real subset.
    expect(nonTrivial).toBeGreaterThan(withId.length * 0.8)
  }, 240_000)

  it('when a read key lists, then only published documents match, filters included', async () => {
    const response = await site.readApi(
      'GET',
      `/api/content?limit=100&${qs.stringify(
        { filters: { price: { $gt: '5' } } },
        { encodeValuesOnly: true },
      )}`,
    )
    expect(response.status).toBe(200)
    const expected = docs.filter(
      (doc) => doc.status === 'published' && matches(doc, { price: { $gt: '5' } }, ITEM_KINDS),
    )
    expect(response.body.docs.map((doc: ApiDoc) => doc.id).sort()).toEqual(
      expected.map((doc) => doc.id).sort(),
    )
    expect(expected.length).toBeGreaterThan(0)
  })

  it("when a filter names another website's document id, then nothing is found", async () => {
    const other = await createTestWebsite()
    const response = await other.api(
      'GET',
      `/api/content?draft=true&filters[id][$in]=${docs[0]!.id},${docs[1]!.id}`,
    )
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ docs: [], totalDocs: 0 })
  })
})
