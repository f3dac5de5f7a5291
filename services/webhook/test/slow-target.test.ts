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
  // Short delays and time-out so the slow host's jobs cycle quickly; the limits are the point.
  service = await startIsolatedService({
    WEBHOOK_RETRY_DELAYS_MS: [200, 200, 200],
    WEBHOOK_TIMEOUT_MS: 5000,
    WEBHOOK_PREFETCH: 16,
    WEBHOOK_WEBSITE_SHARE_PERCENT: 50,
    WEBHOOK_HOST_CONCURRENCY: 2,
  })
})
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()))
  await service?.stop()
})

describe('a slow endpoint', () => {
  it("when one website's target hangs on many deliveries, then another website's deliveries to the same machine still arrive promptly", async () => {
    const slow = await startReceiver(() => () => new Promise(() => undefined))
    const fast = await startReceiver(() => 200)
    receivers.push(slow, fast)
    const { api, caller } = service.client()
    const other = service.client()
    // Both targets are 127.0.0.1: the limits count by resolved address, per website and in all.
    await api('POST', '/api/webhooks', { body: { url: slow.url, contentTypes: ['slow'] } })
    await other.api('POST', '/api/webhooks', { body: { url: fast.url, contentTypes: ['fast'] } })
    await publishEvents(
      ...Array.from({ length: 20 }, () =>
        entryEvent(caller.websiteId, 'entry.update', { contentType: 'slow' }),
      ),
    )
    await waitFor(() => (slow.requests.length >= 2 ? true : undefined), { timeoutMs: 10_000 })
    const sent = Date.now()
    await publishEvents(
      ...Array.from({ length: 5 }, () =>
        entryEvent(other.caller.websiteId, 'entry.update', { contentType: 'fast' }),
      ),
    )
    await fast.waitForRequests(5, 10_000)
    expect(Date.now() - sent).toBeLessThan(1500)
    // Never more than the per-website limit at one address in flight to the slow target.
    expect(slow.requests.length).toBeLessThanOrEqual(2)
  })
})
