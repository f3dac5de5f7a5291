import { describe, expect, it } from 'vitest'
import { createLogger } from '@cms/logger'
import type { Purger } from './purger.ts'
import { createPurgeBatches } from './purge-batches.ts'
import type { PurgeMetrics } from './purge-metrics.ts'

const logger = createLogger({ service: 'test', level: 'silent' })

function fakePurger(maxTagsPerCall: number, failFirst = 0) {
  const calls: string[][] = []
  let failures = failFirst
  const purger: Purger = {
    name: 'fastly',
    maxTagsPerCall,
    async purge(tags) {
      if (failures-- > 0) throw new Error('503')
      calls.push(tags)
    },
  }
  return { purger, calls }
}

function countingMetrics() {
  const counts = { sent: 0, failed: 0, retried: 0 }
  const metrics: PurgeMetrics = {
    sent: () => counts.sent++,
    failed: () => counts.failed++,
    retried: () => counts.retried++,
  }
  return { metrics, counts }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))
/** Pauses end at once: the tests are about what is sent, not when. */
const noPause = async () => {
  await tick()
}

async function settled(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await tick()
}

describe('createPurgeBatches', () => {
  it('when many changes arrive within the window, then each purger gets their distinct tags in calls within its limit, and every change is acknowledged once', async () => {
    const small = fakePurger(100)
    const large = fakePurger(256)
    const { metrics } = countingMetrics()
    const batches = createPurgeBatches({
      purgers: [small.purger, large.purger],
      batchMs: 50,
      retryMaxMs: 1000,
      metrics,
      logger,
      sleep: noPause,
    })
    const acked: number[] = []
    for (let i = 0; i < 300; i++)
      batches.add({ tags: [`d-${i}`, 'l-w-article'], done: () => acked.push(i) })
    await settled(() => acked.length === 300)
    expect(acked).toHaveLength(300)
    expect(small.calls.map((call) => call.length)).toEqual([100, 100, 100, 1])
    expect(large.calls.map((call) => call.length)).toEqual([256, 45])
    expect(new Set(large.calls.flat()).size).toBe(301)
    expect(batches.pending()).toBe(0)
  })

  it('when a purger fails, then it is tried again and no change is acknowledged before every purger took it', async () => {
    const healthy = fakePurger(100)
    const flaky = fakePurger(100, 3)
    const { metrics, counts } = countingMetrics()
    let release: () => void = () => undefined
    const batches = createPurgeBatches({
      purgers: [healthy.purger, flaky.purger],
      batchMs: 50,
      retryMaxMs: 1000,
      metrics,
      logger,
      // The first pause of the first retry holds until released.
      sleep: (ms) =>
        ms === 50 || counts.retried > 0
          ? noPause()
          : new Promise<void>((resolve) => (release = resolve)),
    })
    const acked: string[] = []
    batches.add({ tags: ['d-1'], done: () => acked.push('d-1') })
    await settled(() => counts.failed === 1)
    expect(healthy.calls).toEqual([['d-1']])
    expect(acked).toEqual([])
    expect(batches.pending()).toBe(1)
    release()
    await settled(() => acked.length === 1)
    expect(acked).toEqual(['d-1'])
    expect(counts).toEqual({ sent: 2, failed: 3, retried: 3 })
    expect(healthy.calls).toHaveLength(1)
  })

  it('when stopped while a purger keeps failing, then the batch is given up unacknowledged', async () => {
    const down = fakePurger(100, Number.POSITIVE_INFINITY)
    const { metrics } = countingMetrics()
    const batches = createPurgeBatches({
      purgers: [down.purger],
      batchMs: 50,
      retryMaxMs: 1000,
      metrics,
      logger,
    })
    const acked: string[] = []
    batches.add({ tags: ['d-1'], done: () => acked.push('d-1') })
    await batches.stop()
    expect(acked).toEqual([])
  })
})
