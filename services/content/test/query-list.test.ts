import qs from 'qs'
import { beforeAll, describe, expect, it } from 'vitest'
import { internalClient, testEnv } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'

/**
 * The list endpoint of the content service on real storage (FerretDB or MongoDB), called
 * directly with the internal headers: the query module's output must mean on the server what
 * docs/queries.md says it means.
 */
let read: ApiCall
let write: ApiCall
const ids = new Map<string, string>()
const stored = new Map<string, Record<string, unknown>>()

const TITLES = {
  dot: 'a.c',
  abc: 'abc',
  star: 'a*c',
  upper: 'ABC Upper',
  parens: '(x+y)',
  backslash: 'back\\slash',
  newline: 'ends with line\n',
  line: 'ends with line',
  bracket: '[draft] notes',
}

async function create(key: string, data: Record<string, unknown>): Promise<void> {
  const response = await write('POST', '/api/content', { body: { type: 'entry', data } })
  expect(response.status, response.text).toBe(201)
  ids.set(key, response.body.id)
  stored.set(key, response.body.data)
}

async function list(query: object | string): Promise<{ status: number; body: any }> {
  const queryString =
    typeof query === 'string' ? query : qs.stringify(query, { encodeValuesOnly: true })
  return read('GET', `/api/content?draft=true&type=entry&limit=100&${queryString}`)
}

async function keysOf(filters: object): Promise<string[]> {
  const response = await list({ filters })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  const byId = new Map([...ids].map(([key, id]) => [id, key]))
  return response.body.docs.map((doc: { id: string }) => byId.get(doc.id)).sort()
}

beforeAll(async () => {
  const env = testEnv()
  const schema = internalClient(env.schemaUrl)
  write = internalClient(env.contentWriteUrl, schema.caller)
  read = internalClient(env.contentReadUrl, schema.caller)
  const type = await schema('POST', '/api/content-types', {
    body: {
      name: 'entry',
      titleField: 'title',
      slugField: 'title',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'tags', type: 'tags' },
        { name: 'at', type: 'datetime' },
        { name: 'body', type: 'richText' },
      ],
    },
  })
  expect(type.status, type.text).toBe(201)
  for (const [key, title] of Object.entries(TITLES)) await create(key, { title })
  await create('tagged', { title: 'tagged', tags: ['News', 'tech', 'a.b'] })
  await create('tagged2', { title: 'tagged two', tags: ['sport'] })
  await create('rich', { title: 'rich', body: { type: 'doc', content: [] } })
  await create('late', { title: 'late', at: '2024-05-01T12:00:00+02:00' })
  await create('early', { title: 'early', at: '2024-05-01T09:00:00Z' })
})

describe('text operators on stored values', () => {
  it('when $contains holds regex metacharacters, then they match only themselves', async () => {
    expect(await keysOf({ title: { $contains: '.' } })).toEqual(['dot'])
    expect(await keysOf({ title: { $contains: 'a*' } })).toEqual(['star'])
    expect(await keysOf({ title: { $contains: '(x+y)' } })).toEqual(['parens'])
    expect(await keysOf({ title: { $contains: '\\' } })).toEqual(['backslash'])
    expect(await keysOf({ title: { $startsWith: '[draft]' } })).toEqual(['bracket'])
  })

  it('when $contains differs in case, then it still matches; $startsWith does not', async () => {
    expect(await keysOf({ title: { $contains: 'abc' } })).toEqual(['abc', 'upper'])
    expect(await keysOf({ title: { $startsWith: 'abc' } })).toEqual(['abc'])
    expect(await keysOf({ title: { $startsWithi: 'abc' } })).toEqual(['abc', 'upper'])
    expect(await keysOf({ title: { $eqi: 'abc upper' } })).toEqual(['upper'])
  })

  it('when a value ends with a newline, then $endsWith and $eqi treat the end literally', async () => {
    expect(await keysOf({ title: { $endsWith: 'line' } })).toEqual(['line'])
    expect(await keysOf({ title: { $eqi: 'ENDS WITH LINE' } })).toEqual(['line'])
    expect(await keysOf({ title: { $endsWith: 'line\n' } })).toEqual(['newline'])
  })

  it('when a negated text operator is used, then documents without a match (or the field) are kept', async () => {
    const all = [...ids.keys()].sort()
    const containsA = await keysOf({ title: { $contains: 'a' } })
    expect(await keysOf({ title: { $notContains: 'a' } })).toEqual(
      all.filter((k) => !containsA.includes(k)),
    )
    expect(await keysOf({ title: { $not: { $contains: 'a' } } })).toEqual(
      all.filter((k) => !containsA.includes(k)),
    )
  })
})

describe('tags match elements', () => {
  it('when $eq, $in and $contains name an element, then documents holding it match', async () => {
    expect(await keysOf({ tags: 'tech' })).toEqual(['tagged'])
    expect(await keysOf({ tags: { $in: ['sport', 'nothing'] } })).toEqual(['tagged2'])
    expect(await keysOf({ tags: { $contains: 'NEW' } })).toEqual(['tagged'])
    expect(await keysOf({ tags: { $contains: '.' } })).toEqual(['tagged'])
    expect(await keysOf({ tags: { $startsWith: 'spo' } })).toEqual(['tagged2'])
  })

  it('when $ne and $notIn name an element, then documents holding it are left out', async () => {
    const withoutTech = await keysOf({ tags: { $ne: 'tech' } })
    expect(withoutTech).not.toContain('tagged')
    expect(withoutTech).toContain('tagged2')
    expect(withoutTech).toContain('abc')
    expect(await keysOf({ tags: { $notIn: 'tech,sport' } })).not.toEqual(
      expect.arrayContaining(['tagged']),
    )
  })
})

describe('null checks', () => {
  it('when $null and $notNull are asked of an optional field, then missing counts as null', async () => {
    expect(await keysOf({ body: { $notNull: 'true' } })).toEqual(['rich'])
    expect(await keysOf({ tags: { $null: 'true' } })).not.toContain('tagged')
    expect((await keysOf({ tags: { $null: 'true' } })).length).toBe(ids.size - 2)
  })
})

describe('dates', () => {
  it('when a datetime range is given with an offset, then the stored moments compare as time', async () => {
    // Text order is time order because the content service stores datetimes normalized to UTC.
    expect(stored.get('late')?.at).toBe('2024-05-01T10:00:00.000Z')
    expect(await keysOf({ at: { $lt: '2024-05-01T10:30:00Z' } })).toEqual(['early', 'late'])
    expect(await keysOf({ at: { $gt: '2024-05-01T09:30:00Z' } })).toEqual(['late'])
    expect(await keysOf({ at: { $eq: '2024-05-01T11:00:00+01:00' } })).toEqual(['late'])
  })

  it('when createdAt is bounded by now, then every seeded document is before it and none after', async () => {
    const now = new Date(Date.now() + 1000).toISOString()
    expect((await keysOf({ createdAt: { $lt: now } })).length).toBe(ids.size)
    expect(await keysOf({ createdAt: { $gt: now } })).toEqual([])
  })
})

describe('shape of the answer', () => {
  it('when fields are selected, then documents keep their shape with only those members and the id', async () => {
    const response = await list({ fields: 'title,slug', filters: { title: 'abc' } })
    expect(response.body.docs).toEqual([
      {
        id: ids.get('abc'),
        slug: 'abc',
        data: { title: 'abc' },
      },
    ])
  })

  it('when fields are excluded, then the rest is returned', async () => {
    const response = await list({ fields: '-data.title,-version', filters: { title: 'rich' } })
    const [doc] = response.body.docs
    expect(doc).toMatchObject({
      id: ids.get('rich'),
      slug: 'rich',
      data: { body: { type: 'doc', content: [] } },
    })
    expect(doc.data).not.toHaveProperty('title')
    expect(doc).not.toHaveProperty('version')
  })

  it('when type names no content type, then 422 naming it (a typo is not an empty list)', async () => {
    const response = await read('GET', '/api/content?type=nothing-here&draft=true')
    expect(response.status).toBe(422)
    expect(response.body.error.details).toEqual([
      { path: 'type', message: 'unknown content type "nothing-here"' },
    ])
  })

  it('when the query is bad, then the service answers 422 with every problem in the error shape', async () => {
    const response = await list('filters[nope][$eq]=1&filters[title][$where]=1&limit=101')
    expect(response.status).toBe(422)
    expect(response.body.error.code).toBe('VALIDATION_ERROR')
    expect(response.body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'limit',
      'filters[nope]',
      'filters[title][$where]',
    ])
  })
})
