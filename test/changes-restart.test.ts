import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openChangeStream, opened } from './changes-kit.ts'
import { startFaultStack } from './resilience-kit.ts'
import type { FaultStack } from './resilience-kit.ts'

/** A stack of its own: RabbitMQ is stopped and started under a stream. */
let faults: FaultStack

beforeAll(async () => {
  faults = await startFaultStack('changes-restart')
}, 180_000)
afterAll(async () => {
  await faults?.stop()
})

describe('the live stream across a broker restart', () => {
  it('changes: a broker restart loses no change — when RabbitMQ is stopped while documents are created and started again, then an open stream receives every change once, in order, and goes on live', async () => {
    const site = await faults.website()
    const stream = await opened(
      openChangeStream(site.adminKey, { query: '?draft=true', gatewayUrl: faults.gatewayUrl }),
    )
    const create = async (title: string) => {
      const created = await site.api('POST', '/api/content', {
        body: { type: 'article', data: { title } },
      })
      expect(created.status, created.text).toBe(201)
      return created.body.id as string
    }
    const before = await create('before')
    await stream.waitForEvents(1)
    await faults.stack.backends.amqp.control!.stop()
    const whileDown = [await create('while down 1'), await create('while down 2')]
    await faults.stack.backends.amqp.control!.start()
    await stream.waitForEvents(3)
    const after = await create('after')
    const events = await stream.waitForEvents(4)
    expect(events.map((event) => event.data.documentId)).toEqual([before, ...whileDown, after])
    const seqs = events.map((event) => event.data.seq)
    expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b))
    stream.close()
  }, 120_000)
})
