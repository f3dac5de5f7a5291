import { beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'

/** One field of every type the contract names, each optional, so a write can test one value alone. */
const EVERY_TYPE = {
  name: 'everything',
  fields: [
    { name: 'text', type: 'text', maxLength: 20 },
    { name: 'textarea', type: 'textarea' },
    { name: 'richText', type: 'richText' },
    { name: 'tags', type: 'tags' },
    { name: 'number', type: 'number', min: -1, max: 1 },
    { name: 'integer', type: 'integer' },
    { name: 'boolean', type: 'boolean' },
    { name: 'date', type: 'date' },
    { name: 'datetime', type: 'datetime' },
    { name: 'email', type: 'email' },
    { name: 'url', type: 'url' },
    { name: 'select', type: 'select', options: ['café', '🙂'] },
    { name: 'json', type: 'json' },
  ],
}

let site: TestWebsite

beforeAll(async () => {
  site = await createTestWebsite()
  const created = await site.api('POST', '/api/content-types', { body: EVERY_TYPE })
  expect(created.status, created.text).toBe(201)
})

const write = (data: Record<string, unknown>) =>
  site.api('POST', '/api/content', { body: { type: 'everything', data } })

describe('field values through the gateway', () => {
  it.each<[string, unknown]>([
    ['text', 'Grüße 👋'],
    ['textarea', 'line one\nline two'],
    [
      'richText',
      {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'hi' }] }],
      },
    ],
    ['tags', ['a', 'ü', '🏷️']],
    ['number', -0.5],
    ['integer', -42],
    ['boolean', false],
    ['date', '2024-02-29'],
    ['datetime', '2024-05-01T12:00:00.000+02:00'],
    ['email', 'ada@example.com'],
    ['url', 'https://example.com/path?q=1'],
    ['select', 'café'],
    ['json', { nested: [1, 'two', { three: null }] }],
  ])(
    'types: thirteen field types — when %s gets %j, then the document is created with it',
    async (field, value) => {
      const response = await write({ [field]: value })
      expect(response.status, response.text).toBe(201)
      // datetime values are stored as the same moment in UTC (docs/content.md).
      const stored = field === 'datetime' ? new Date(value as string).toISOString() : value
      expect(response.body.data[field]).toEqual(stored)
    },
  )

  it.each<[string, unknown]>([
    ['text', 'x'.repeat(21)],
    ['text', 42],
    ['textarea', ['a']],
    ['richText', { type: 'doc' }],
    ['richText', 'plain text'],
    ['tags', 'a,b'],
    ['tags', [1, 2]],
    ['number', '0.5'],
    ['number', 2],
    ['integer', 1.5],
    ['integer', 2 ** 60],
    ['boolean', 'false'],
    ['date', '2023-02-29'],
    ['date', '29.02.2024'],
    ['datetime', '2024-05-01T12:00:00'],
    ['datetime', 1714557600],
    ['email', 'ada@'],
    ['url', 'ftp://example.com'],
    ['url', 'javascript:alert(1)'],
    ['select', 'cafe\u0301'],
    ['select', 'CAFÉ'],
  ])(
    'documents: data is validated against its type — when %s gets %j, then 422 names data.<field>',
    async (field, value) => {
      const response = await write({ [field]: value })
      expect(response.status).toBe(422)
      expect(response.body.error.details).toEqual([
        {
          path: `data.${field}`,
          message: expect.any(String),
        },
      ])
    },
  )

  it.each<[string, unknown]>([
    ['json', { $where: 'sleep(1)' }],
    ['json', { 'a.b': 1 }],
    ['json', [[1, 2]]],
    ['richText', { type: 'doc', content: [], attrs: { 'x.y': 1 } }],
  ])(
    'when %s holds %j, which the database cannot store, then 422 rather than 500',
    async (field, value) => {
      const response = await write({ [field]: value })
      expect(response.status).toBe(422)
      expect(response.body.error.details).toEqual([
        {
          path: `data.${field}`,
          message: expect.stringMatching(/^must not/),
        },
      ])
    },
  )

  it('errors: validation errors list every problem — when every field has a wrong value at once, then one 422 lists all thirteen but json', async () => {
    const response = await write({
      text: 1,
      textarea: 1,
      richText: 1,
      tags: 1,
      number: 'x',
      integer: 'x',
      boolean: 1,
      date: 1,
      datetime: 1,
      email: 1,
      url: 1,
      select: 1,
      json: undefined,
      extra: 1,
    })
    expect(response.status).toBe(422)
    const paths = response.body.error.details.map((detail: { path: string }) => detail.path).sort()
    expect(paths).toEqual(
      [
        ...EVERY_TYPE.fields
          .filter((field) => field.type !== 'json')
          .map((field) => `data.${field.name}`),
        'data.extra',
      ].sort(),
    )
  })
})
