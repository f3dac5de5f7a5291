import { randomUUID } from 'node:crypto'
import process from 'node:process'
import { connect } from 'amqplib'
import { MongoClient } from 'mongodb'
import { waitFor } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import type { Caller } from '@cms/http'
import { readWebhookConfig } from '../../src/config.ts'
import type { WebhookConfig } from '../../src/config.ts'
import { start } from '../../src/main.ts'
import { queueNames } from '../../src/messaging/topology.ts'
import { webhookApi } from './clients.ts'

export interface IsolatedService {
  url: string
  metricsUrl: string
  config: WebhookConfig
  /** A client for a fresh website on this instance. */
  client(caller?: Partial<Caller>): { api: ApiCall; caller: Caller }
  stop(): Promise<void>
}

/**
 * A webhook service of its own, in this process, with its own database and queues: it sees
 * every event on the shared exchange but knows only the webhooks created through it, so it
 * never competes with the stack's instance.
 */
export function isolatedConfig(overrides: Partial<WebhookConfig> = {}): WebhookConfig {
  const suffix = randomUUID().slice(0, 8)
  return {
    ...readWebhookConfig(process.env),
    PORT: 0,
    METRICS_PORT: 0,
    HOST: '127.0.0.1',
    MONGO_DB: `cms_webhook_test_${suffix}`,
    WEBHOOK_QUEUE_PREFIX: `webhook-test-${suffix}`,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: true,
    LOG_LEVEL: 'warn',
    ...overrides,
  }
}

/** Deletes an instance's queues and database once its test is over. */
export async function removeIsolatedState(config: WebhookConfig): Promise<void> {
  const names = queueNames(config.WEBHOOK_QUEUE_PREFIX)
  const connection = await connect(config.AMQP_URL)
  const channel = await connection.createChannel()
  for (const queue of [
    names.events,
    names.deliveries,
    names.park,
    names.dead,
    ...config.WEBHOOK_RETRY_DELAYS_MS.map(names.retry),
  ]) {
    await channel.deleteQueue(queue)
  }
  await connection.close()
  const mongo = new MongoClient(config.MONGO_URL)
  await mongo.db(config.MONGO_DB).dropDatabase()
  await mongo.close()
}

export async function startIsolatedService(
  overrides: Partial<WebhookConfig> = {},
): Promise<IsolatedService> {
  const config = isolatedConfig(overrides)
  const service = await start(config)
  // Ready means the queues are declared and bound: events published from now on reach it.
  await waitFor(async () => ((await fetch(`${service.url}/readyz`)).ok ? true : undefined), {
    timeoutMs: 30_000,
    what: 'the webhook service to be ready',
  })
  return {
    url: service.url,
    metricsUrl: service.metricsUrl!,
    config,
    client: (caller) => webhookApi(service.url, caller),
    async stop() {
      await service.stop()
      await removeIsolatedState(config)
    },
  }
}
