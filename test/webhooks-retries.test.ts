import { afterAll, describe, expect, it } from 'vitest'
import { waitFor } from '@cms/testkit'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Answer, Receiver } from '../services/webhook/test/support/receiver.ts'
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
async function failingWebhook(answers: (index: number) => Answer) {
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
  it('webhooks: one id per delivery, kept on retries; webhooks: retries after 1 s, 5 s and 25 s — when the receiver answers 500, 500, 200, then exactly three attempts arrive at about +1 s and +5 s with one X-Webhook-Id', async () => {
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

  it('webhooks: a 10 s time-out is a failure; webhooks: deliveries do not block writes — when the receiver does not answer, then writes still answer at once and the attempt fails after 10 s, retried 1 s later', async () => {
    // The first request is never answered (the socket stays open); the retry gets a 200.
    const hang: Answer = () => new Promise<void>(() => {})
    const { site, target, webhookId } = await failingWebhook((index) => (index === 0 ? hang : 200))
    const document = await site.createArticle({ title: 'Slow receiver' })
    const [first] = await target.waitForRequests(1, 10_000)
    const started = Date.now()
    const patched = await site.api('PATCH', `/api/content/${document.id}`, {
      body: { data: { body: 'written while the receiver hangs' } },
    })
    expect(patched.status).toBe(200)
    expect(Date.now() - started).toBeLessThan(2000)
    const [, second] = await target.waitForRequests(2, 20_000)
    const gap = second!.receivedAt - first!.receivedAt
    expect(gap).toBeGreaterThanOrEqual(11_000 - 100)
    expect(gap).toBeLessThan(11_000 + TOLERANCE_MS)
    expect(second!.headers['x-webhook-id']).toBe(first!.headers['x-webhook-id'])
    const entry = await finalEntry(site, webhookId, 'succeeded')
    expect(entry).toMatchObject({ attempts: 2, lastStatusCode: 200 })
    const detail = await site.api('GET', `/api/webhooks/${webhookId}/deliveries/${entry.id}`)
    expect(detail.body.attemptLog[0]).toMatchObject({ succeeded: false, statusCode: null })
    expect(detail.body.attemptLog[0].durationMs).toBeGreaterThanOrEqual(9_900)
    expect(detail.body.attemptLog[0].error).toEqual(expect.stringMatching(/\S/))
  }, 45_000)

  it('webhooks: retries after 1 s, 5 s and 25 s; webhooks: the delivery log — when the receiver always fails, then the delivery is failed after four attempts over about 31 s', async () => {
    const { site, target, webhookId } = await failingWebhook(() => 500)
    await site.createArticle({ title: 'Never accepted' })
    const requests = await target.waitForRequests(4, 45_000)
    const total = requests[3]!.receivedAt - requests[0]!.receivedAt
    expect(total).toBeGreaterThanOrEqual(31_000 - 100)
    expect(total).toBeLessThan(31_000 + 2 * TOLERANCE_MS)
    const failed = await finalEntry(site, webhookId, 'failed')
    expect(failed).toMatchObject({
      event: 'entry.create',
      status: 'failed',
      attempts: 4,
      lastStatusCode: 500,
    })
    for (const member of ['id', 'documentId', 'lastError', 'createdAt', 'updatedAt'])
      expect(failed).toHaveProperty(member)
    await new Promise((resolve) => setTimeout(resolve, 2000))
    expect(target.requests).toHaveLength(4)
  }, 70_000)
})
