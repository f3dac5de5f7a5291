import { randomUUID } from 'node:crypto'
import { connect } from 'amqplib'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEnv, waitFor } from '@cms/testkit'
import { connectAmqp, quorumQueue } from '../src/index.ts'
import type { AmqpClient } from '../src/index.ts'

/**
 * The publishing channel is replaced on the same connection when the broker nacks on it (a
 * RabbitMQ 3.10 channel whose first publish to a quorum queue came while the queue's leader
 * node was down nacks every later one: docs/resilience.md) or closes it.
 */
const queue = `test.publisher-channel.${randomUUID()}`
const logged: { msg: string; why?: string }[] = []
const logger = pino(
  { level: 'warn' },
  { write: (line: string) => void logged.push(JSON.parse(line) as { msg: string }) },
)
let client: AmqpClient
let connects = 0

const send = (routingKey: string, exchange = '') =>
  client.publish(exchange, routingKey, Buffer.from('{}'), {
    mandatory: true,
    messageId: randomUUID(),
  })
const replacements = (why: string) =>
  logged.filter((line) => line.msg === 'amqp publishing channel replaced' && line.why === why)

beforeAll(async () => {
  client = await connectAmqp({
    url: testEnv().amqpUrl,
    logger,
    // Refuses (nacks) publishes while it holds more than one message (a quorum queue checks its
    // limit after each enqueue, so it takes one more than the limit before it refuses).
    topology: async (channel) => {
      await channel.assertQueue(
        queue,
        quorumQueue({ 'x-max-length': 1, 'x-overflow': 'reject-publish' }),
      )
    },
    onConnect: async () => {
      connects++
    },
  })
  await waitFor(() => (client.isConnected() ? true : undefined), { what: 'the connection' })
})

afterAll(async () => {
  await client.close()
  const connection = await connect(testEnv().amqpUrl)
  await (await connection.createChannel()).deleteQueue(queue)
  await connection.close()
})

describe('the publishing channel', () => {
  it('when the broker nacks a publish, then the channel is replaced on the same connection and publishing goes on', async () => {
    await send(queue)
    await send(queue)
    const refused = await waitFor(
      () =>
        send(queue).then(
          () => undefined,
          (error: Error) => error,
        ),
      { what: 'a nack' },
    )
    expect(refused.message).toMatch(/did not confirm/)
    await waitFor(() => (replacements('nacked').length > 0 ? true : undefined), {
      what: 'the channel replaced after the nack',
    })
    const connection = await connect(testEnv().amqpUrl)
    try {
      await (await connection.createChannel()).purgeQueue(queue)
    } finally {
      await connection.close()
    }
    await waitFor(
      () =>
        send(queue).then(
          () => true,
          () => undefined,
        ),
      {
        what: 'a publish confirmed once the queue has room',
      },
    )
    expect(connects).toBe(1)
  })

  it('when the broker closes the publishing channel, then a new one is opened on the same connection and publishing goes on', async () => {
    const connection = await connect(testEnv().amqpUrl)
    try {
      await (await connection.createChannel()).purgeQueue(queue)
    } finally {
      await connection.close()
    }
    // A publish to an exchange that does not exist: the broker closes the channel (404).
    await expect(send('x', `test.no-such-exchange.${randomUUID()}`)).rejects.toThrow()
    await waitFor(() => (replacements('closed').length > 0 ? true : undefined), {
      what: 'the channel replaced after the broker closed it',
    })
    expect(client.isConnected()).toBe(true)
    await expect(send(queue)).resolves.toBeUndefined()
    expect(connects).toBe(1)
  })
})
