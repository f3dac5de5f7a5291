import { performance } from 'node:perf_hooks'
import type { ApiCall } from '@cms/testkit'
import { articleData, createRandom } from './article-type.ts'
import type { Measurement } from './measurement.ts'
import { percentiles, roundRate } from './measurement.ts'
import { startWebhookReceiver } from './webhook-receiver.ts'

export interface FanOutResult extends Measurement {
  writes: number
  deliveries: number
  expected: number
  writesPerSec: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * `writes` creates through the gateway by `connections` writers while `webhooks` webhooks
 * (all events, one secret each) point at a local receiver. Reports deliveries per second from
 * the first write to the last receipt, and the time from each write's answer to its receipt.
 */
export async function measureWebhookFanOut(options: {
  api: ApiCall
  writes: number
  webhooks: number
  connections: number
  /** No write starts after this long. */
  writeSeconds: number
  /** Give up waiting for deliveries after this long once the writes are done. */
  drainTimeoutMs: number
}): Promise<FanOutResult> {
  const receiver = await startWebhookReceiver()
  const hookIds: string[] = []
  try {
    for (let i = 0; i < options.webhooks; i++) {
      const created = await options.api('POST', '/api/webhooks', {
        body: {
          name: `bench ${i}`,
          url: `${receiver.url}/hook/${i}`,
          secret: `bench-secret-${i}-0123456789`,
        },
      })
      if (created.status !== 201)
        throw new Error(`creating a webhook failed: ${created.status} ${created.text}`)
      hookIds.push(created.body.id as string)
    }
    const random = createRandom(99)
    const ackedAt = new Map<string, number>()
    let next = 0
    let failed = 0
    const started = performance.now()
    const stopWritingAt = started + options.writeSeconds * 1000
    const writer = async () => {
      while (next < options.writes && performance.now() < stopWritingAt) {
        const n = next++
        const data = articleData(n, random)
        const response = await options.api('POST', '/api/content', {
          body: { type: 'article', data: { ...data, title: `${data.title} fan-out` } },
        })
        if (response.status === 201) ackedAt.set(response.body.id as string, performance.now())
        else failed++
      }
    }
    await Promise.all(Array.from({ length: options.connections }, writer))
    const writesDone = performance.now()
    const expected = ackedAt.size * options.webhooks
    const deadline = writesDone + options.drainTimeoutMs
    // Only these writes' receipts count: events of earlier writes still in the webhook service's
    // queue reach the new webhooks too.
    const received = () =>
      receiver.receipts.filter((receipt) => ackedAt.has(receipt.documentId)).length
    while (received() < expected && performance.now() < deadline) await sleep(100)

    const latencies: number[] = []
    let last = started
    for (const receipt of receiver.receipts) {
      const acked = ackedAt.get(receipt.documentId)
      if (acked === undefined) continue
      latencies.push(Math.max(0, receipt.at - acked))
      last = Math.max(last, receipt.at)
    }
    const delivered = latencies.length
    return {
      reqPerSec: delivered === 0 ? 0 : roundRate(delivered / ((last - started) / 1000)),
      ...percentiles(latencies),
      errors: failed + (expected - delivered),
      requests: delivered,
      statuses: { delivered, missing: expected - delivered, writeFailures: failed },
      writes: ackedAt.size,
      deliveries: delivered,
      expected,
      writesPerSec: roundRate(ackedAt.size / ((writesDone - started) / 1000)),
    }
  } finally {
    for (const id of hookIds)
      await options.api('DELETE', `/api/webhooks/${id}`).catch(() => undefined)
    await receiver.close()
  }
}
