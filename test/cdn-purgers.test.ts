import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient, createTestWebsite, waitFor } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import type { RunningGateway } from '../services/gateway/src/main.ts'
import { startGateway } from '../services/gateway/test/support/gateway-under-test.ts'
import { ARTICLE_TYPE, defineType, expectStatus } from './content-fixtures.ts'
import { makeImage, upload } from './media-kit.ts'
import { deleteQueue, ownTags, purgeMetric, purgerSettings, startFakeCdn } from './cdn-purge-kit.ts'
import type { FakeCdn } from './cdn-purge-kit.ts'

/**
 * A gateway of this file's own consumes a purge queue of its own and purges at local servers
 * that check every request as Varnish (two addresses), Fastly and Cloudflare require; the
 * changes go through the shared stack like any client's.
 */
let gateway: RunningGateway
let varnish: FakeCdn[]
let fastly: FakeCdn
let cloudflare: FakeCdn
const queue = `cms.test.cdn-purge.${randomUUID()}`

beforeAll(async () => {
  varnish = [await startFakeCdn('varnish'), await startFakeCdn('varnish')]
  fastly = await startFakeCdn('fastly')
  cloudflare = await startFakeCdn('cloudflare')
  gateway = await startGateway(purgerSettings({ varnish, fastly, cloudflare }, queue))
}, 120_000)

afterAll(async () => {
  await gateway?.stop()
  await deleteQueue(queue).catch(() => undefined)
  await Promise.all([...(varnish ?? []), fastly, cloudflare].map((fake) => fake?.close()))
})

const everyPurger = () => [...varnish, fastly, cloudflare]

/** Waits until every purger got `expected` among the tags of `ids`, then returns what each got. */
async function purgedEverywhere(expected: string[], ids: string[]): Promise<string[][]> {
  const want = [...expected].sort()
  return waitFor(
    () => {
      const seen = everyPurger().map((fake) => ownTags(fake.tags(), ids))
      return seen.every((tags) => want.every((tag) => tags.includes(tag))) ? seen : undefined
    },
    { timeoutMs: 60_000, what: `purges of ${want.join(' ')} at every purger` },
  )
}

describe('CDN purgers', () => {
  let site: TestWebsite

  beforeAll(async () => {
    site = await createTestWebsite()
  })

  it('cdn: every change purges its tags at every purger — when a type is defined and a document created and published, then each Varnish address, Fastly and Cloudflare get exactly its tags, in requests their APIs accept', async () => {
    await defineType(site.api, ARTICLE_TYPE)
    const created = await expectStatus(
      site.api('POST', '/api/content', { body: { type: 'article', data: { title: 'Tagged' } } }),
      201,
    )
    const id = created.body.id as string
    await expectStatus(site.api('POST', `/api/content/${id}/publish`), 200)

    const w = site.websiteId
    const expected = [`w-${w}`, `d-${id}`, `l-${w}-article`].sort()
    const seen = await purgedEverywhere(expected, [w, id])
    for (const tags of seen) expect(tags).toEqual(expected)
    for (const fake of everyPurger()) {
      expect(fake.problems).toEqual([])
      expect(fake.calls.every((call) => !call.soft)).toBe(true)
    }
  })

  it('cdn: every change purges its tags at every purger — when a media file is uploaded, changed and deleted, then each purger gets the file and the media lists', async () => {
    const uploaded = await upload(site, {
      bytes: await makeImage(),
      name: 'a.png',
      type: 'image/png',
    })
    expect(uploaded.status).toBe(201)
    const mediaId = uploaded.body.id as string
    await expectStatus(site.api('PATCH', `/api/media/${mediaId}`, { body: { alt: 'a' } }), 200)
    await expectStatus(site.api('DELETE', `/api/media/${mediaId}`), 204)

    const w = site.websiteId
    const expected = [`m-${mediaId}`, `ml-${w}`]
    const seen = await purgedEverywhere(expected, [`m-${mediaId}`, `ml-${w}`])
    for (const tags of seen) expect(tags).toEqual(expected.sort())
  })

  it('cdn: every change purges its tags at every purger — when a website is deleted (through a gateway with purgers), then each purger gets the website tag', async () => {
    const doomed = await createTestWebsite()
    await expectStatus(
      adminClient(gateway.url)('DELETE', `/admin/api/websites/${doomed.websiteId}`),
      204,
    )
    const seen = await purgedEverywhere([`w-${doomed.websiteId}`], [doomed.websiteId])
    for (const tags of seen) expect(tags).toEqual([`w-${doomed.websiteId}`])
  })

  it('cdn: every change purges its tags at every purger — when purges went out, then /metrics counts them per purger with the time of the last, and the changes in hand and waiting in the queue', async () => {
    const metricsUrl = gateway.metricsUrl!
    for (const purger of ['varnish', 'fastly', 'cloudflare'] as const) {
      expect(await purgeMetric(metricsUrl, 'cdn_purges_sent_total', purger)).toBeGreaterThan(0)
      expect(await purgeMetric(metricsUrl, 'cdn_purge_tags_sent_total', purger)).toBeGreaterThan(0)
      expect(
        await purgeMetric(metricsUrl, 'cdn_purge_last_success_seconds', purger),
      ).toBeGreaterThan(Date.parse('2020-01-01') / 1000)
    }
    const text = await (await fetch(`${metricsUrl}/metrics`)).text()
    expect(text).toMatch(/^cdn_purge_pending_messages\{[^}]*\} \d+$/m)
    expect(text).toMatch(/^cdn_purge_queue_ready_messages\{[^}]*\} \d+$/m)
    // Varnish counts one call per batch, however many addresses it went to.
    expect(varnish[0]!.calls.length).toBe(varnish[1]!.calls.length)
  })
})

describe('CDN soft purges', () => {
  let soft: RunningGateway
  let softVarnish: FakeCdn
  let softFastly: FakeCdn
  const softQueue = `cms.test.cdn-purge.${randomUUID()}`

  beforeAll(async () => {
    softVarnish = await startFakeCdn('varnish')
    softFastly = await startFakeCdn('fastly')
    soft = await startGateway({
      ...purgerSettings({ varnish: [softVarnish], fastly: softFastly }, softQueue),
      CDN_SOFT_PURGE: 'true',
    })
  }, 120_000)

  afterAll(async () => {
    await soft?.stop()
    await deleteQueue(softQueue).catch(() => undefined)
    await Promise.all([softVarnish?.close(), softFastly?.close()])
  })

  it('cdn: CDN_SOFT_PURGE marks answers stale — when soft purges are set, then Varnish gets xkey-softpurge and Fastly fastly-soft-purge: 1', async () => {
    const site = await createTestWebsite()
    await defineType(site.api, ARTICLE_TYPE)
    // A new type names its website: lists that name no type will show its documents.
    const tag = `w-${site.websiteId}`
    await waitFor(
      () => (softVarnish.tags().has(tag) && softFastly.tags().has(tag) ? true : undefined),
      { timeoutMs: 60_000, what: 'soft purges of the new type' },
    )
    for (const fake of [softVarnish, softFastly]) {
      expect(fake.problems).toEqual([])
      expect(fake.calls.find((call) => call.tags.includes(tag))?.soft).toBe(true)
    }
  })
})
