import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '@cms/logger'
import { testEnv, waitFor } from '@cms/testkit'
import { connectAmqp, UnroutableMessageError } from '../src/index.ts'
import type { AmqpClient } from '../src/index.ts'

const exchange = `test.publish.${randomUUID()}`
let client: AmqpClient

describe('confirmed publishing on a real broker', () => {
  beforeAll(async () => {
    client = await connectAmqp({
      url: testEnv().amqpUrl,
      logger: createLogger({ service: 'amqp-test', level: 'silent' }),
      topology: async (channel) => {
        await channel.assertExchange(exchange, 'topic', { durable: false })
      },
    })
    await waitFor(() => (client.isConnected() ? true : undefined), {
      what: 'the broker connection',
    })
  })
  afterAll(async () => {
    const { connect } = await import('amqplib')
    const connection = await connect(testEnv().amqpUrl)
    await (await connection.createChannel()).deleteExchange(exchange)
    await connection.close()
    await client.close()
  })

  it('when a mandatory message has no queue to go to, then publishing rejects as unroutable', async () => {
    const publishing = client.publish(exchange, 'nobody.listens', Buffer.from('{}'), {
      mandatory: true,
      messageId: randomUUID(),
    })
    await expect(publishing).rejects.toBeInstanceOf(UnroutableMessageError)
  })

  it('when a queue is bound, then the mandatory message is confirmed and arrives', async () => {
    const { connect } = await import('amqplib')
    const connection = await connect(testEnv().amqpUrl)
    try {
      const channel = await connection.createChannel()
      const { queue } = await channel.assertQueue('', { exclusive: true })
      await channel.bindQueue(queue, exchange, 'someone.listens')
      await client.publish(exchange, 'someone.listens', Buffer.from('"hello"'), {
        mandatory: true,
        messageId: randomUUID(),
      })
      const message = await waitFor(
        async () => (await channel.get(queue, { noAck: true })) || undefined,
        { what: 'the message' },
      )
      expect(message.content.toString()).toBe('"hello"')
    } finally {
      await connection.close()
    }
  })

  it('when a message is not mandatory, then it is confirmed even with no queue bound', async () => {
    await expect(
      client.publish(exchange, 'nobody.listens', Buffer.from('{}')),
    ).resolves.toBeUndefined()
  })

  it('when a mandatory message has no messageId, then it is refused before it is sent', async () => {
    await expect(
      client.publish(exchange, 'x', Buffer.from('{}'), { mandatory: true }),
    ).rejects.toBeInstanceOf(TypeError)
  })
})
