import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, jsonClient, waitFor } from '@cms/testkit'
import type { ApiCall, TestWebsite } from '@cms/testkit'
import { privateRedisPrefix } from '../services/gateway/test/support/gateway-under-test.ts'
import { expectStatus } from './content-fixtures.ts'
import { cacheStatus } from './cache-tags-kit.ts'
import { launchExtraGateway } from './extra-gateway-kit.ts'
import { graphql } from './graphql-kit.ts'
import type { ExtraGateway } from './extra-gateway-kit.ts'

/**
 * An entry that has just expired answers its readers at once while the gateway reads it again
 * apart from them; GraphQL's reads go through the same entries. The gateway here hears no change
 * at all (its own Redis prefix, no broker), so what it answers after a change made elsewhere
 * shows where the answer came from: an entry (the old title) or the service (the new one).
 */
const TTL_MS = 3000

let site: TestWebsite
let unhearing: ExtraGateway
let read: ApiCall

beforeAll(async () => {
  site = await createTestWebsite()
  unhearing = await launchExtraGateway('unhearing', {
    REDIS_PREFIX: privateRedisPrefix(),
    AMQP_URL: '',
    READ_CACHE_TTL_MS: String(TTL_MS),
  })
  read = jsonClient(unhearing.gatewayUrl, { 'x-api-key': site.readKey })
  await expectStatus(
    site.api('POST', '/api/content-types', {
      body: { name: 'note', fields: [{ name: 'title', type: 'text' }] },
    }),
    201,
  )
}, 120_000)

afterAll(async () => {
  await unhearing?.stop()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A published note titled `first`; its path, once this gateway answers it from its cache. */
async function cachedNote(): Promise<{ id: string; path: string; etag: string | null }> {
  const created = await expectStatus(
    site.api('POST', '/api/content', { body: { type: 'note', data: { title: 'first' } } }),
    201,
  )
  const id = created.body.id as string
  await expectStatus(site.api('POST', `/api/content/${id}/publish`), 200)
  const path = `/api/content/${id}`
  // The gateway trusts its cache a moment after it starts; until then every read is a bypass.
  const cached = await waitFor(
    async () => {
      const answer = await read('GET', path)
      return cacheStatus(answer) === 'hit' ? answer : undefined
    },
    { timeoutMs: 15_000, what: 'the note to be cached' },
  )
  expect(cached.body.data.title).toBe('first')
  return { id, path, etag: cached.headers.get('etag') }
}

/** Retitles the note through the stack's gateway, which this one does not hear. */
async function retitle(id: string): Promise<void> {
  await expectStatus(
    site.api('PATCH', `/api/content/${id}`, { body: { data: { title: 'second' } } }),
    200,
  )
  await expectStatus(site.api('POST', `/api/content/${id}/publish`), 200)
  const fresh = await expectStatus(site.readApi('GET', `/api/content/${id}`), 200)
  expect(fresh.body.data.title).toBe('second')
}

async function graphqlTitle(id: string): Promise<string> {
  const answer = await graphql(site.readKey, `{ note(id: "${id}") { data { title } } }`, {
    gatewayUrl: unhearing.gatewayUrl,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data.note.data.title
}

describe('read cache refresh', () => {
  it('cache: an expired entry is refreshed apart from its reader — when an entry has just expired, then its next reader gets it at once and a later reader gets the service’s new answer', async () => {
    const note = await cachedNote()
    const keptBy = Date.now()
    await retitle(note.id)

    // Entries live at most the TTL; this gateway heard nothing, so its entry still says `first`.
    await sleep(Math.max(0, keptBy + TTL_MS + 50 - Date.now()))
    const expired = await read('GET', note.path)
    expect(expired.status).toBe(200)
    expect(cacheStatus(expired)).toBe('hit')
    expect(expired.body.data.title).toBe('first')

    const refreshed = await waitFor(
      async () => {
        const answer = await read('GET', note.path)
        return answer.body.data.title === 'second' ? answer : undefined
      },
      { timeoutMs: 5_000, what: 'the refreshed note' },
    )
    expect(cacheStatus(refreshed)).toBe('hit')
    expect(refreshed.headers.get('etag')).not.toBe(note.etag)
  })

  it('cache: GraphQL reads share the read cache — when a document GraphQL read changes unheard, then GraphQL answers the kept document until its entry expires, and the refreshed one after', async () => {
    const note = await cachedNote()
    expect(await graphqlTitle(note.id)).toBe('first')
    const keptBy = Date.now()
    await retitle(note.id)
    expect(await graphqlTitle(note.id)).toBe('first')

    await sleep(Math.max(0, keptBy + TTL_MS + 50 - Date.now()))
    expect(await graphqlTitle(note.id)).toBe('first')
    await waitFor(async () => ((await graphqlTitle(note.id)) === 'second' ? true : undefined), {
      timeoutMs: 5_000,
      what: 'GraphQL to show the refreshed note',
    })
  })
})
