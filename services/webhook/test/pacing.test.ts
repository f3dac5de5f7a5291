import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '@cms/testkit'
import { entryEvent, publishEvents } from './support/events.ts'
import { startIsolatedService } from './support/isolated-service.ts'
import type { IsolatedService } from './support/isolated-service.ts'
import { startReceiver } from './support/receiver.ts'
import type { Receiver } from './support/receiver.ts'

let service: IsolatedService
const receivers: Receiver[] = []
beforeAll(async () => {
  service = await startIsolatedService({
    WEBHOOK_RETRY_DELAYS_MS: [300, 300, 300],
    WEBHOOK_TIMEOUT_MS: 300,
    WEBHOOK_PACE_AFTER_TIMEOUTS: 2,
    WEBHOOK_PACE_MS: 60_000,
  })
})
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()))
  await service?.stop()
})

describe('pacing an endpoint that keeps timing out', () => {
  it('when an endpoint times out twice in a row, then its later attempts are not sent and its deliveries follow their retry schedule to failed', async () => {
    const hanging = await startReceiver(() => () => new Promise(() => undefined))
    receivers.push(hanging)
    const { api, caller } = service.client()
    const created = await api('POST', '/api/webhooks', { body: { url: hanging.url } })
    expect(created.status, created.text).toBe(201)
    await publishEvents(entryEvent(caller.websiteId, 'entry.update'))
    const failed = await waitFor(
      async () => {
        const page = await api('GET', `/api/webhooks/${created.body.id}/deliveries`)
        const delivery = page.body.docs?.[0]
        return delivery?.status === 'failed' ? delivery : undefined
      },
      { timeoutMs: 20_000, what: 'the delivery to fail' },
    )
    const detail = await api('GET', `/api/webhooks/${created.body.id}/deliveries/${failed.id}`)
    const log = detail.body.attemptLog as Array<{ error: string; durationMs: number }>
    expect(log).toHaveLength(4)
    // Two attempts ran into the time-out; the next two were paced: no request, no slot held.
    expect(log.slice(0, 2).every((attempt) => attempt.durationMs >= 250)).toBe(true)
    expect(
      log
        .slice(2)
        .every((attempt) => attempt.error.startsWith('not sent: the endpoint kept timing out')),
    ).toBe(true)
    expect(log.slice(2).every((attempt) => attempt.durationMs === 0)).toBe(true)
    expect(hanging.requests).toHaveLength(2)
  })

  it('when another website points at the same address, then it is not paced by the first one', async () => {
    const answering = await startReceiver(() => 200)
    receivers.push(answering)
    const { api, caller } = service.client()
    await api('POST', '/api/webhooks', { body: { url: answering.url } })
    await publishEvents(entryEvent(caller.websiteId, 'entry.update'))
    await answering.waitForRequests(1, 10_000)
    expect(answering.requests).toHaveLength(1)
  })
})
