import { Buffer } from 'node:buffer'
import { connect } from 'amqplib'
import type { ChannelModel } from 'amqplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '@cms/logger'
import { EVENTS_EXCHANGE } from '@cms/events'
import { testEnv, waitFor } from '@cms/testkit'
import { start } from '../src/main.ts'
import { migrateClassicQueues } from '../src/messaging/classic-migration.ts'
import {
  allQueues,
  classicQueueNames,
  declareTopology,
  queueNames,
} from '../src/messaging/topology.ts'
import type { QueueNames } from '../src/messaging/topology.ts'
import { webhookApi } from './support/clients.ts'
import { entryEvent } from './support/events.ts'
import { isolatedConfig, removeIsolatedState } from './support/isolated-service.ts'
import { startReceiver } from './support/receiver.ts'
import type { Receiver } from './support/receiver.ts'

const logger = createLogger({ service: 'migration-test', level: 'silent' })
let model: ChannelModel
let receiver: Receiver | undefined
const configs: ReturnType<typeof isolatedConfig>[] = []

beforeAll(async () => {
  model = await connect(testEnv().amqpUrl)
})
afterAll(async () => {
  await receiver?.close()
  const channel = await model.createChannel()
  for (const config of configs) {
    const old = classicQueueNames(config.WEBHOOK_QUEUE_PREFIX)
    for (const { name } of allQueues(old, config.WEBHOOK_RETRY_DELAYS_MS))
      await channel.deleteQueue(name)
    await removeIsolatedState(config)
  }
  await model.close()
})

/** The classic topology of the versions before quorum queues, as they declared it. */
async function declareClassicTopology(names: QueueNames, retryDelaysMs: readonly number[]) {
  const channel = await model.createChannel()
  const toDead = { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': names.dead }
  const backToWork = { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': names.deliveries }
  await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true })
  await channel.assertQueue(names.dead, { durable: true })
  await channel.assertQueue(names.events, { durable: true, arguments: toDead })
  await channel.bindQueue(names.events, EVENTS_EXCHANGE, 'entry.*')
  await channel.assertQueue(names.deliveries, { durable: true, arguments: toDead })
  for (const { name, delayMs } of allQueues(names, retryDelaysMs)) {
    if (delayMs === undefined) continue
    await channel.assertQueue(name, {
      durable: true,
      arguments: { ...backToWork, 'x-message-ttl': delayMs },
    })
  }
  return channel
}

async function exists(queue: string): Promise<boolean> {
  const channel = await model.createChannel()
  channel.on('error', () => undefined)
  try {
    await channel.checkQueue(queue)
    await channel.close()
    return true
  } catch {
    return false
  }
}

describe('migrating the classic queues of an earlier version', () => {
  it('when a quorum-queue version starts where classic queues hold events, then they are moved, delivered, and the classic queues deleted', async () => {
    const config = isolatedConfig()
    configs.push(config)
    receiver = await startReceiver()
    // A first start creates the webhook; the classic queues appear as an earlier version left them.
    const first = await start(config)
    const { api, caller } = webhookApi(first.url)
    const created = await api('POST', '/api/webhooks', { body: { url: receiver.url } })
    expect(created.status).toBe(201)
    await first.stop()

    const old = classicQueueNames(config.WEBHOOK_QUEUE_PREFIX)
    const channel = await declareClassicTopology(old, config.WEBHOOK_RETRY_DELAYS_MS)
    const events = [
      entryEvent(caller.websiteId, 'entry.create'),
      entryEvent(caller.websiteId, 'entry.publish'),
    ]
    for (const event of events)
      channel.sendToQueue(old.events, Buffer.from(JSON.stringify(event)), { persistent: true })
    channel.sendToQueue(old.dead, Buffer.from('kept for an operator'), { persistent: true })
    await channel.close()

    const second = await start(config)
    try {
      const requests = await receiver.waitForRequests(2, 30_000)
      expect(requests.map((request) => request.json().document.id).sort()).toEqual(
        events.map((event) => event.document.id).sort(),
      )
      for (const { name } of allQueues(old, config.WEBHOOK_RETRY_DELAYS_MS)) {
        await waitFor(async () => ((await exists(name)) ? undefined : true), {
          timeoutMs: 10_000,
          what: `${name} to be deleted`,
        })
      }
      const dead = await model.createChannel()
      const kept = await dead.get(queueNames(config.WEBHOOK_QUEUE_PREFIX).dead, { noAck: true })
      expect(kept && kept.content.toString()).toBe('kept for an operator')
      await dead.close()
    } finally {
      await second.stop()
    }
  }, 90_000)

  it('when an earlier version still consumes its classic queues, then nothing is deleted until it stops, and then everything moves', async () => {
    const config = isolatedConfig()
    configs.push(config)
    const old = classicQueueNames(config.WEBHOOK_QUEUE_PREFIX)
    const quorum = queueNames(config.WEBHOOK_QUEUE_PREFIX)
    const delays = config.WEBHOOK_RETRY_DELAYS_MS
    const channel = await declareClassicTopology(old, delays)
    const declared = await model.createChannel()
    await declareTopology(declared, quorum, delays)
    const retry = old.retry(delays.at(-1)!)
    channel.sendToQueue(retry, Buffer.from('{"deliveryId":"d","attempt":2}'), { persistent: true })
    const { consumerTag } = await channel.consume(old.deliveries, () => undefined)

    const busy = await migrateClassicQueues({
      model,
      classic: old,
      quorum,
      retryDelaysMs: delays,
      logger,
    })
    expect(busy.moved).toBe(0)
    expect(busy.remaining).toContain(old.deliveries)
    expect(await exists(retry)).toBe(true)

    await channel.cancel(consumerTag)
    const done = await migrateClassicQueues({
      model,
      classic: old,
      quorum,
      retryDelaysMs: delays,
      logger,
    })
    expect(done).toEqual({ moved: 1, remaining: [] })
    expect(await exists(retry)).toBe(false)
    expect((await declared.checkQueue(quorum.retry(delays.at(-1)!))).messageCount).toBe(1)
    await channel.close()
    await declared.close()
  })
})
