import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite } from '@cms/testkit'
import type { ApiResponse, TestWebsite } from '@cms/testkit'
import { hostileQueryString } from '../services/content/src/query/hostile-query.arbitrary.ts'

/** Hostile list queries through the gateway: a 4xx in the contract's shape, never a 5xx, never slow. */
let site: TestWebsite

beforeAll(async () => {
  site = await createTestWebsite()
  const type = await site.api('POST', '/api/content-types', {
    body: {
      name: 'post',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'tags', type: 'tags' },
        { name: 'views', type: 'integer' },
        { name: 'rating', type: 'number' },
        { name: 'day', type: 'date' },
        { name: 'at', type: 'datetime' },
        { name: 'body', type: 'richText' },
      ],
    },
  })
  expect(type.status, type.text).toBe(201)
  const created = await site.api('POST', '/api/content', {
    body: { type: 'post', data: { title: 'Hello', tags: ['a'] } },
  })
  expect(created.status, created.text).toBe(201)
})

async function timedList(query: string): Promise<{ response: ApiResponse; ms: number }> {
  const started = performance.now()
  const response = await site.api('GET', `/api/content?${query}`)
  return { response, ms: performance.now() - started }
}

function expectRefusal(response: ApiResponse, query: string): void {
  expect(response.status, `${query.slice(0, 200)} -> ${response.text.slice(0, 300)}`).toBe(422)
  expect(response.body.error).toMatchObject({
    code: 'VALIDATION_ERROR',
    message: expect.any(String),
  })
  expect(response.body.error.details.length).toBeGreaterThan(0)
}

const nest = (levels: number) =>
  `filters${Array.from({ length: levels }, (_, i) => `[${i % 2 ? '$or' : '$and'}][0]`).join(
    '',
  )}[title]=x`

describe('hostile list queries', () => {
  it.each([
    ['$where', 'filters[$where]=sleep(10000)'],
    ['$where as a field operator', 'filters[title][$where]=1'],
    ['$regex', 'filters[title][$regex]=(a%2B)%2B$'],
    ['$expr', 'filters[$expr][$gt][0]=1'],
    ['__proto__', 'filters[__proto__][polluted]=1'],
    ['an unknown field', 'filters[nope][$eq]=1'],
    ['an unknown operator', 'filters[title][$like]=x'],
    ['arrays where scalars belong', 'filters[title][$eq][0]=a&filters[title][$eq][1]=b'],
    ['a huge number', 'type=post&filters[views][$gt]=99999999999999999999999'],
    ['an infinite number', 'filters[rating][$gt]=1e999'],
    ['an invalid date', 'filters[createdAt][$lt]=2024-02-30'],
    ['an invalid datetime', 'filters[at][$lt]=2024-01-01T25:00:00Z'],
    ['50 levels of nesting', nest(50)],
    ['6 levels of nesting', nest(6)],
    [
      '101 conditions',
      Array.from({ length: 101 }, (_, i) => `filters[$or][${i % 50}][title][$ne]=${i}`).join('&'),
    ],
    ['limit=101', 'limit=101'],
  ])(
    'queries: unknown names and operators are 422 — when the query has %s, then the answer is 422 in the error shape, quickly',
    async (_, query) => {
      const { response, ms } = await timedList(query)
      expectRefusal(response, query)
      expect(ms).toBeLessThan(2000)
    },
  )

  it('queries: $contains is case-insensitive and literal — when a filter value is full of regex metacharacters, then it is matched literally', async () => {
    const { response } = await timedList(
      'filters[title][$contains]=.*&filters[title][$startsWith]=(%5B',
    )
    expect(response.status).toBe(200)
    expect(response.body.totalDocs).toBe(0)
  })

  it('when 10,000 conditions are sent, then the answer is a 4xx, never a 5xx', async () => {
    const query = Array.from({ length: 10_000 }, (_, i) => `filters[$or][${i}][title]=x`).join('&')
    const { response, ms } = await timedList(query)
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect(ms).toBeLessThan(2000)
  })

  it('errors: bad input is never a 500 — when generated hostile query strings are sent, then none gives a 5xx or a slow answer', async () => {
    await fc.assert(
      fc.asyncProperty(hostileQueryString(), async (query) => {
        const { response, ms } = await timedList(query)
        expect(
          response.status,
          `${query.slice(0, 300)} -> ${response.text.slice(0, 300)}`,
        ).toBeLessThan(500)
        if (response.status >= 400 && response.text) {
          expect(response.body.error).toMatchObject({
            code: expect.any(String),
            message: expect.any(String),
          })
        }
        expect(ms).toBeLessThan(3000)
      }),
      { numRuns: 150 },
    )
  }, 300_000)
})
