import { randomUUID } from 'node:crypto'
import { connect } from 'amqplib'
import { afterAll, describe, expect, it } from 'vitest'
import { connectAmqp, quorumQueue } from '@cms/amqp'
import type { AmqpClient } from '@cms/amqp'
import { createLogger } from '@cms/logger'
import { testEnv, waitFor } from '@cms/testkit'
import { createWorkConsumer } from '../src/messaging/work-consumer.ts'

const queue = `test.consumer-cancel.${randomUUID()}`
const logger = createLogger({ service: 'consumer-cancel-test', level: 'silent' })
const handled: string[] = []
const consumer = createWorkConsumer({
  queue,
  prefetch: 4,
  logger,
  handle: async (content) => {
    handled.push(content.toString())
    return 'done'
  },
})
let amqp: AmqpClient | undefined

afterAll(async () => {
  await consumer.stop(1000)
  await amqp?.close()
  const connection = await connect(testEnv().amqpUrl)
  await (await connection.createChannel()).deleteQueue(queue)
  await connection.close()
})

const send = (body: string) =>
  amqp!.publish('', queue, Buffer.from(body), { mandatory: true, messageId: randomUUID() })

describe('a work consumer that the broker cancels', () => {
  it('when its queue is deleted under it, then it reconnects, the queue is declared again and it consumes again', async () => {
    let connects = 0
    amqp = await connectAmqp({
      url: testEnv().amqpUrl,
      logger,
      topology: async (channel) => {
        await channel.assertQueue(queue, quorumQueue())
      },
      onConnect: async (model) => {
        connects++
        await consumer.start(model)
      },
    })
    await waitFor(() => (amqp!.isConnected() ? true : undefined), { what: 'the connection' })
    await send('before')
    await waitFor(() => (handled.includes('before') ? true : undefined), { what: 'a message' })

    // The broker tells the consumer with basic.cancel, which amqplib passes on as a null message.
    const other = await connect(testEnv().amqpUrl)
    try {
      await (await other.createChannel()).deleteQueue(queue)
    } finally {
      await other.close()
    }

    await waitFor(() => (connects === 2 && amqp!.isConnected() ? true : undefined), {
      what: 'a new connection with the queue declared again',
    })
    await waitFor(
      () =>
        send('after').then(
          () => true,
          () => undefined,
        ),
      {
        what: 'a publish the queue takes',
      },
    )
    await waitFor(() => (handled.includes('after') ? true : undefined), {
      what: 'a message consumed after the cancel',
    })
    expect(connects).toBe(2)
  })
})
