import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, waitFor } from '@cms/testkit'
import type { RunningGateway } from '../services/gateway/src/main.ts'
import { startGateway } from '../services/gateway/test/support/gateway-under-test.ts'
import { ARTICLE_TYPE, defineType, expectStatus } from './content-fixtures.ts'
import { deleteQueue, ownTags, purgeMetric, purgerSettings, startFakeCdn } from './cdn-purge-kit.ts'
import type { FakeCdn } from './cdn-purge-kit.ts'

/**
 * Purgers that answer 503, then are down, while changes are made; the gateway holding the
 * purges is replaced meanwhile; then the purgers come back: every change's tags reach them.
 */
let varnish: FakeCdn
let fastly: FakeCdn
const gateways: RunningGateway[] = []
const queue = `cms.test.cdn-purge.${randomUUID()}`
const settings = () => ({
  ...purgerSettings({ varnish: [varnish], fastly }, queue),
  // Tries again within a second once the purgers are back.
  CDN_PURGE_RETRY_MAX_MS: '1000',
})

beforeAll(async () => {
  varnish = await startFakeCdn('varnish')
  fastly = await startFakeCdn('fastly')
  gateways.push(await startGateway(settings()))
}, 120_000)

afterAll(async () => {
  for (const gateway of gateways) await gateway.stop()
  await deleteQueue(queue).catch(() => undefined)
  await Promise.all([varnish?.close(), fastly?.close()])
})

describe('CDN purges through an outage', () => {
  it('cdn: an outage delays purges, never writes or loses them — when the purgers answer 503 and then are down during writes, and the gateway is replaced, then writes succeed and every change is purged once they are back, and /metrics shows the retries', async () => {
    const site = await createTestWebsite()
    await defineType(site.api, ARTICLE_TYPE)
    const first = gateways[0]!
    await waitFor(() => (varnish.tags().has(`w-${site.websiteId}`) ? true : undefined), {
      timeoutMs: 60_000,
      what: 'the type purged before the outage',
    })

    varnish.unavailable = true
    fastly.unavailable = true
    const create = async (title: string) =>
      (
        await expectStatus(
          site.api('POST', '/api/content', { body: { type: 'article', data: { title } } }),
          201,
        )
      ).body.id as string
    const ids = [await create('during 503 one'), await create('during 503 two')]
    await waitFor(
      async () =>
        (await purgeMetric(first.metricsUrl!, 'cdn_purge_retries_total', 'fastly')) > 0 &&
        varnish.refused > 1
          ? true
          : undefined,
      { timeoutMs: 60_000, what: 'purges refused and tried again' },
    )
    expect(
      await purgeMetric(first.metricsUrl!, 'cdn_purges_failed_total', 'varnish'),
    ).toBeGreaterThan(0)
    expect(await purgeMetric(first.metricsUrl!, 'cdn_purge_pending_messages')).toBeGreaterThan(0)

    await varnish.close()
    await fastly.close()
    ids.push(await create('while down'))
    // The instance holding the unacknowledged changes goes; another takes the queue over.
    await first.stop()
    gateways.shift()
    ids.push(await create('without a gateway'))
    gateways.push(await startGateway(settings()))

    varnish.unavailable = false
    fastly.unavailable = false
    await varnish.reopen()
    await fastly.reopen()
    const w = site.websiteId
    const expected = [`w-${w}`, `l-${w}-article`, ...ids.map((id) => `d-${id}`)].sort()
    for (const fake of [varnish, fastly]) {
      await waitFor(
        () => {
          const tags = ownTags(fake.tags(), [w, ...ids])
          return expected.every((tag) => tags.includes(tag)) ? tags : undefined
        },
        { timeoutMs: 90_000, what: `every change purged at ${fake.kind} after the outage` },
      )
      expect(ownTags(fake.tags(), [w, ...ids])).toEqual(expected)
      expect(fake.problems).toEqual([])
    }
    const second = gateways[0]!
    await waitFor(
      async () =>
        (await purgeMetric(second.metricsUrl!, 'cdn_purge_pending_messages')) === 0
          ? true
          : undefined,
      { timeoutMs: 30_000, what: 'no purge pending' },
    )
  })
})
