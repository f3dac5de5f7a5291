import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '@cms/testkit'
import { entryEvent, publishEvents } from './support/events.ts'
import { startIsolatedService } from './support/isolated-service.ts'
import type { IsolatedService } from './support/isolated-service.ts'
import { startReceiver } from './support/receiver.ts'
import type { Receiver } from './support/receiver.ts'

// The spec's real schedule (1 s, 5 s, 25 s): these tests measure it, so they take ~35 s together.
let service: IsolatedService
const receivers: Receiver[] = []
beforeAll(async () => {
  service = await startIsolatedService({ WEBHOOK_RETRY_DELAYS_MS: [1000, 5000, 25_000] })
})
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()))
  await service?.stop()
})

async function deliveryTo(answers: (index: number) => number) {
  const target = await startReceiver(answers)
  receivers.push(target)
  const { api, caller } = service.client()
  const created = await api('POST', '/api/webhooks', {
    body: { url: target.url, secret: 'retry-secret' },
  })
  await publishEvents(entryEvent(caller.websiteId, 'entry.update'))
  return { target, api, webhookId: created.body.id as string }
}

// Wide enough for a loaded 2-core CI machine, narrow enough to tell the 1 s, 5 s and 25 s steps apart.
const TOLERANCE_MS = 1500

describe.concurrent('retrying failed deliveries', () => {
  it('when the receiver answers 500, 500, then 200, then there are exactly three attempts at about +1 s and +5 s', async () => {
    const { target, api, webhookId } = await deliveryTo((index) => (index < 2 ? 500 : 200))
    const requests = await target.waitForRequests(3, 20_000)
    const [first, second, third] = requests.map((request) => request.receivedAt)
    expect(second! - first!).toBeGreaterThanOrEqual(1000 - 50)
    expect(second! - first!).toBeLessThan(1000 + TOLERANCE_MS)
    expect(third! - second!).toBeGreaterThanOrEqual(5000 - 50)
    expect(third! - second!).toBeLessThan(5000 + TOLERANCE_MS)
    expect(new Set(requests.map((request) => request.headers['x-webhook-id'])).size).toBe(1)
    expect(new Set(requests.map((request) => request.rawBody.toString())).size).toBe(1)

    const log = await waitFor(async () => {
      const response = await api('GET', `/api/webhooks/${webhookId}/deliveries`)
      return response.body.docs[0]?.status === 'succeeded' ? response.body : undefined
    })
    expect(log.docs[0]).toMatchObject({ attempts: 3, lastStatusCode: 200, lastError: null })
    const detail = await api('GET', `/api/webhooks/${webhookId}/deliveries/${log.docs[0].id}`)
    expect(detail.body.attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([
      500, 500, 200,
    ])
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(target.requests).toHaveLength(3)
  })

  it('when the receiver always fails, then the delivery is failed after four attempts over about 31 s', async () => {
    const { target, api, webhookId } = await deliveryTo(() => 503)
    const requests = await target.waitForRequests(4, 45_000)
    const gaps = requests.slice(1).map((request, i) => request.receivedAt - requests[i]!.receivedAt)
    for (const [gap, expected] of gaps.map((gap, i) => [gap, [1000, 5000, 25_000][i]!] as const)) {
      expect(gap).toBeGreaterThanOrEqual(expected - 50)
      expect(gap).toBeLessThan(expected + TOLERANCE_MS)
    }
    const entry = await waitFor(async () => {
      const response = await api('GET', `/api/webhooks/${webhookId}/deliveries`)
      return response.body.docs[0]?.status === 'failed' ? response.body.docs[0] : undefined
    })
    expect(entry).toMatchObject({ attempts: 4, lastStatusCode: 503 })
    const detail = await api('GET', `/api/webhooks/${webhookId}/deliveries/${entry.id}`)
    expect(detail.body).toMatchObject({ nextAttemptAt: null, attemptLog: [{}, {}, {}, {}] })
    expect(
      detail.body.attemptLog.every(
        (a: { succeeded: boolean; durationMs: number }) => !a.succeeded && a.durationMs >= 0,
      ),
    ).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 2000))
    expect(target.requests).toHaveLength(4)
  }, 70_000)
})
