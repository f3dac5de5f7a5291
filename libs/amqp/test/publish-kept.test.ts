import { randomUUID } from 'node:crypto'
import { connect } from 'amqplib'
import type { ChannelModel } from 'amqplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '@cms/logger'
import { testEnv, waitFor } from '@cms/testkit'
import { connectAmqp, publishKept, quorumQueue, UnroutableMessageError } from '../src/index.ts'
import type { AmqpClient } from '../src/index.ts'

let client: AmqpClient
let model: ChannelModel
const queues: string[] = []

beforeAll(async () => {
  model = await connect(testEnv().amqpUrl)
  client = await connectAmqp({
    url: testEnv().amqpUrl,
    logger: createLogger({ service: 'amqp-test', level: 'silent' }),
    topology: async () => undefined,
  })
  await waitFor(() => (client.isConnected() ? true : undefined), { what: 'the connection' })
})
afterAll(async () => {
  const channel = await model.createChannel()
  for (const queue of queues) await channel.deleteQueue(queue)
  await model.close()
  await client.close()
})

describe('publishKept on a real broker', () => {
  it('when no queue takes the message, then every try is returned and the last error is thrown, so the caller keeps its message', async () => {
    const ids: string[] = []
    const publishing = publishKept(
      client,
      { exchange: '', routingKey: `test.kept.missing.${randomUUID()}` },
      Buffer.from('{}'),
      { newId: () => ids[ids.push(randomUUID()) - 1]! },
      { attempts: 3, pauseMs: 10, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) },
    )
    await expect(publishing).rejects.toBeInstanceOf(UnroutableMessageError)
    expect(new Set(ids).size).toBe(3)
  })

  it('when the queue appears between two tries, then the message arrives in it once', async () => {
    const queue = `test.kept.late.${randomUUID()}`
    queues.push(queue)
    const channel = await model.createChannel()
    let tries = 0
    await publishKept(
      client,
      { exchange: '', routingKey: queue },
      Buffer.from('"late"'),
      { newId: () => `${++tries}-${randomUUID()}` },
      {
        attempts: 5,
        pauseMs: 0,
        // The pause after the first return is when the queue is created.
        sleep: async () => {
          await channel.assertQueue(queue, quorumQueue())
        },
      },
    )
    expect(tries).toBe(2)
    const message = await waitFor(
      async () => (await channel.get(queue, { noAck: true })) || undefined,
      {
        what: 'the message',
      },
    )
    expect(message.content.toString()).toBe('"late"')
    expect(await channel.get(queue, { noAck: true })).toBe(false)
    expect(message.properties.deliveryMode).toBe(2)
    await channel.close()
  })
})
