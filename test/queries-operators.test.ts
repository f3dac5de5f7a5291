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

/** The cases whose answers differ from the plain filter, and how many pick a real subset. */
async function compareWithReference(
  cases: readonly Case[],
): Promise<{ mismatches: string[]; nonTrivial: number }> {
  const mismatches: string[] = []
  let nonTrivial = 0
  for (const { filters, type } of cases) {
    const query = qs.stringify({ ...(type ? { type } : {}), filters }, { encodeValuesOnly: true })
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
  return { mismatches, nonTrivial }
}

/** Every case picks what the reference picks, and each of them a real subset of the set. */
async function expectEachCaseMatches(cases: readonly Case[]): Promise<void> {
  const { mismatches, nonTrivial } = await compareWithReference(cases)
  expect(mismatches).toEqual([])
  expect(nonTrivial).toBe(cases.length)
}

const idsWhere = (pick: (doc: ApiDoc) => boolean) =>
  docs
    .filter(pick)
    .map((doc) => doc.id)
    .sort()

describe('filters through the gateway', () => {
  it("queries: filters use qs bracket notation; queries: the twelve operators; queries: Strapi's other operators — when every case is listed, then each answer equals the plain filter over the seeded set", async () => {
    const withId = buildCases().map((c) =>
      c.filters.id ? { filters: { id: { $in: `${docs[3]!.id},${docs[17]!.id}` } } } : c,
    )
    const { mismatches, nonTrivial } = await compareWithReference(withId)
    expect(mismatches).toEqual([])
    // The comparison means something only if most cases pick a real subset.
    expect(nonTrivial).toBeGreaterThan(withId.length * 0.8)
  }, 240_000)

  it('queries: a bare value means $eq — when filters[field]=value is sent, then it picks what $eq picks', async () => {
    for (const [bare, explicit] of [
      ['filters[status]=published', 'filters[status][$eq]=published'],
      ['filters[title]=Delta', 'filters[title][$eq]=Delta'],
      ['filters[data.active]=true', 'filters[data.active][$eq]=true'],
    ]) {
      const picked = await listIds(bare!)
      expect(picked).toEqual(await listIds(explicit!))
      expect(picked.total).toBeGreaterThan(0)
      expect(picked.total).toBeLessThan(docs.length)
    }
  })

  it('queries: tags match elements — when a tags field is filtered with $eq, $in or $contains, then a document matches by any one element', async () => {
    await expectEachCaseMatches([
      { filters: { tags: { $eq: 'news' } } },
      { filters: { tags: { $in: 'news,Sport' } } },
      { filters: { tags: { $contains: 'SPO' } } },
    ])
    expect((await listIds('filters[tags][$eq]=news')).ids).toEqual(
      idsWhere((doc) => Array.isArray(doc.data.tags) && doc.data.tags.includes('news')),
    )
  })

  it('queries: $and and $or nest — when $and and $or are nested, then the answer follows the logic at each level', async () => {
    const logic = buildCases().filter((c) =>
      Object.keys(c.filters).some((key) => key === '$and' || key === '$or' || key === '$not'),
    )
    expect(logic.length).toBeGreaterThanOrEqual(5)
    await expectEachCaseMatches(logic)
  })

  it('queries: values follow the field type — when numbers, booleans, dates and date-times are compared, then by value, not as text', async () => {
    // As text "10.5" < "9"; as numbers it is not.
    expect((await listIds('filters[price][$gt]=9')).ids).toEqual(
      idsWhere((doc) => typeof doc.data.price === 'number' && doc.data.price > 9),
    )
    await expectEachCaseMatches([
      { filters: { price: { $lt: '10' } } },
      { filters: { count: { $gte: '2' } }, type: 'item' },
      { filters: { active: { $eq: 'false' } } },
      { filters: { day: { $gt: '2024-05-01' } } },
      { filters: { at: { $lt: '2024-01-05T00:00:00.000Z' } } },
      { filters: { createdAt: { $gte: '2000-01-01' }, price: { $notNull: 'true' } } },
    ])
  })

  it('queries: $contains is case-insensitive and literal — when $contains gets another case or regex characters, then it matches the text as written, in any case', async () => {
    expect((await listIds('filters[title][$contains]=ALPHA')).ids).toEqual(
      idsWhere((doc) =>
        String(doc.data.title ?? '')
          .toLowerCase()
          .includes('alpha'),
      ),
    )
    for (const literal of ['(1)', '*', '.2', '[x]', '\\e']) {
      const picked = await listIds(`filters[title][$contains]=${encodeURIComponent(literal)}`)
      expect(picked.ids, literal).toEqual(
        idsWhere((doc) => String(doc.data.title ?? '').includes(literal)),
      )
      expect(picked.total, literal).toBeGreaterThan(0)
    }
  })

  it('queries: $startsWith is case-sensitive — when $startsWith is given lower and upper case, then each matches only its own case', async () => {
    const lower = await listIds('filters[title][$startsWith]=alpha')
    const upper = await listIds('filters[title][$startsWith]=Alpha')
    expect(lower.ids).toEqual(idsWhere((doc) => String(doc.data.title ?? '').startsWith('alpha')))
    expect(upper.ids).toEqual(idsWhere((doc) => String(doc.data.title ?? '').startsWith('Alpha')))
    expect(lower.total).toBeGreaterThan(0)
    expect(upper.total).toBeGreaterThan(0)
    expect(lower.ids).not.toEqual(upper.ids)
  })

  it('queries: lists as text or arrays — when $in, $notIn and $between are sent as arrays the way qs.stringify writes them, then they answer as the comma forms do', async () => {
    const pairs: Array<[Record<string, unknown>, string]> = [
      [{ title: { $in: ['Delta', 'Beta (1)'] } }, 'filters[title][$in]=Delta,Beta%20(1)'],
      [{ tags: { $notIn: ['news', 'tech'] } }, 'filters[tags][$notIn]=news,tech'],
      [{ price: { $between: ['5', '15'] } }, 'filters[price][$between]=5,15'],
    ]
    for (const [filters, commaForm] of pairs) {
      const arrays = qs.stringify({ filters }, { encodeValuesOnly: true })
      expect(decodeURIComponent(arrays)).toContain('[0]=')
      const picked = await listIds(arrays)
      expect(picked, arrays).toEqual(await listIds(commaForm))
      expect(picked.ids).toEqual(idsWhere((doc) => matches(doc, filters, ITEM_KINDS)))
      expect(picked.total).toBeGreaterThan(0)
    }
  })

  it('drafts: invisible without draft access — when a read key lists, then only published documents match, filters included', async () => {
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

  it("auth: a key sees its own website only — when a filter names another website's document id, then nothing is found", async () => {
    const other = await createTestWebsite()
    const response = await other.api(
      'GET',
      `/api/content?draft=true&filters[id][$in]=${docs[0]!.id},${docs[1]!.id}`,
    )
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ docs: [], totalDocs: 0 })
  })
})
