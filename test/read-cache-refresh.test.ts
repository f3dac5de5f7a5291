import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, jsonClient, waitFor } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import type { RunningGateway } from '../services/gateway/src/main.ts'
import {
  privateRedisPrefix,
  startGateway,
} from '../services/gateway/test/support/gateway-under-test.ts'
import { expectStatus } from './content-fixtures.ts'
import { cacheStatus } from './cache-tags-kit.ts'

/**
 * An entry that has just expired answers its readers at once while the gateway reads it again
 * apart from them. The gateway here hears no change at all (its own Redis prefix, no broker), so
 * what it answers after a change made elsewhere shows where the answer came from: the expired
 * entry (the old title) or the service (the new one).
 */
const TTL_MS = 3000

let site: TestWebsite
let unhearing: RunningGateway

beforeAll(async () => {
  site = await createTestWebsite()
  unhearing = await startGateway({
    REDIS_PREFIX: privateRedisPrefix(),
    AMQP_URL: '',
    READ_CACHE_TTL_MS: String(TTL_MS),
  })
}, 120_000)

afterAll(async () => {
  await unhearing?.stop()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('read cache refresh', () => {
  it('cache: an expired entry is refreshed apart from its reader — when an entry has just expired, then its next reader gets it at once and a later reader gets the service’s new answer', async () => {
    await expectStatus(
      site.api('POST', '/api/content-types', {
        body: { name: 'note', fields: [{ name: 'title', type: 'text' }] },
      }),
      201,
    )
    const created = await expectStatus(
      site.api('POST', '/api/content', { body: { type: 'note', data: { title: 'first' } } }),
      201,
    )
    const id = created.body.id as string
    await expectStatus(site.api('POST', `/api/content/${id}/publish`), 200)

    const read = jsonClient(unhearing.url, { 'x-api-key': site.readKey })
    const path = `/api/content/${id}`
    const cached = await waitFor(
      async () => {
        const answer = await read('GET', path)
        return cacheStatus(answer) === 'hit' ? answer : undefined
      },
      { timeoutMs: 15_000, what: 'the note to be cached' },
    )
    const keptBy = Date.now()
    expect(cached.body.data.title).toBe('first')

    await expectStatus(
      site.api('PATCH', `/api/content/${id}`, { body: { data: { title: 'second' } } }),
      200,
    )
    await expectStatus(site.api('POST', `/api/content/${id}/publish`), 200)
    const fresh = await expectStatus(site.readApi('GET', path), 200)
    expect(fresh.body.data.title).toBe('second')

    // Entries live at most the TTL; this gateway heard nothing, so its entry still says `first`.
    await sleep(Math.max(0, keptBy + TTL_MS + 50 - Date.now()))
    const expired = await read('GET', path)
    expect(expired.status).toBe(200)
    expect(cacheStatus(expired)).toBe('hit')
    expect(expired.body.data.title).toBe('first')

    const refreshed = await waitFor(
      async () => {
        const answer = await read('GET', path)
        return answer.body.data.title === 'second' ? answer : undefined
      },
      { timeoutMs: 5_000, what: 'the refreshed note' },
    )
    expect(cacheStatus(refreshed)).toBe('hit')
    expect(refreshed.headers.get('etag')).not.toBe(cached.headers.get('etag'))
  })
})
