import { afterAll, describe, expect, it } from 'vitest'
import { waitFor } from '@cms/testkit'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Receiver } from '../services/webhook/test/support/receiver.ts'
import { contentSite, expectStatus } from './content-fixtures.ts'
import type { ContentSite } from './content-fixtures.ts'

// The real schedule (1 s, 5 s, 25 s) of the shared stack; the two tests run side by side (~35 s).
// Wide enough for a loaded 2-core CI machine, narrow enough to tell the 1 s, 5 s and 25 s steps apart.
const TOLERANCE_MS = 1500
const receivers: Receiver[] = []
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()))
})

/** Each test has its own website, so its webhook sees only its own document's events. */
async function failingWebhook(answers: (index: number) => number) {
  const site = await contentSite()
  const target = await startReceiver(answers)
  receivers.push(target)
  const webhook = (
    await expectStatus(
      site.api('POST', '/api/webhooks', {
        body: { url: target.url, events: ['entry.create'], secret: 'retry' },
      }),
      201,
    )
  ).body
  return { site, target, webhookId: webhook.id as string }
}

async function finalEntry(site: ContentSite, webhookId: string, status: string) {
  return waitFor(
    async () => {
      const log = await site.api('GET', `/api/webhooks/${webhookId}/deliveries`)
      return log.body.docs?.[0]?.status === status ? log.body.docs[0] : undefined
    },
    { timeoutMs: 10_000, what: `a ${status} delivery` },
  )
}

describe.concurrent('webhook retries through the gateway', () => {
  it('when the receiver answers 500, 500, 200, then exactly three attempts arrive at about +1 s and +5 s with one X-Webhook-Id', async () => {
    const { site, target, webhookId } = await failingWebhook((index) => (index < 2 ? 500 : 200))
    const document = await site.createArticle({ title: 'Retried' })
    const requests = await target.waitForRequests(3, 20_000)
    const times = requests.map((r) => r.receivedAt)
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950)
    expect(times[1]! - times[0]!).toBeLessThan(1000 + TOLERANCE_MS)
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(4950)
    expect(times[2]! - times[1]!).toBeLessThan(5000 + TOLERANCE_MS)
    expect(new Set(requests.map((r) => r.headers['x-webhook-id'])).size).toBe(1)
    expect(requests.every((r) => r.json().document.id === document.id)).toBe(true)
    expect(await finalEntry(site, webhookId, 'succeeded')).toMatchObject({
      attempts: 3,
      lastStatusCode: 200,
      documentId: document.id,
    })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(target.requests).toHaveLength(3)
  })

  it('when the receiver always fails, then the delivery is failed after four attempts over about 31 s', async () => {
    const { site, target, webhookId } = await failingWebhook(() => 500)
    await site.createArticle({ title: 'Never accepted' })
    const requests = await target.waitForRequests(4, 45_000)
    const total = requests[3]!.receivedAt - requests[0]!.receivedAt
    expect(total).toBeGreaterThanOrEqual(31_000 - 100)
    expect(total).toBeLessThan(31_000 + 2 * TOLERANCE_MS)
    expect(await finalEntry(site, webhookId, 'failed')).toMatchObject({
      attempts: 4,
      lastStatusCode: 500,
    })
    await new Promise((resolve) => setTimeout(resolve, 2000))
    expect(target.requests).toHaveLength(4)
  }, 70_000)
})
