import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { connect } from 'amqplib'
import { MongoClient } from 'mongodb'
import { DATA_ROOT, launchServices } from '@cms/stack'
import type { Runtime, RunningServices } from '@cms/stack'
import { jsonClient, testEnv } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { queueNames } from '../services/webhook/src/messaging/topology.ts'

export interface WebhookGateway {
  services: RunningServices
  queuePrefix: string
  /** The webhook service's own database. */
  webhookDb: string
  /** A fresh website on this gateway with an admin key and the `article` type. */
  /** A website with an admin key (`key`, for calls `api` does not make, such as uploads). */
  website(): Promise<{ websiteId: string; api: ApiCall; key: string }>
  stop(): Promise<void>
}

const RETRY_DELAYS_MS = [1000, 5000, 25_000]

/**
 * A gateway and a webhook service of their own (own databases, own queues) in front of the
 * shared content and schema services: a test can kill this webhook process, or run it with the
 * private-address guard on, without touching the shared stack.
 */
export async function launchWebhookGateway(options: {
  allowPrivateTargets: boolean
  /** The webhook service's runtime (default node); the gateway runs on Node either way. */
  webhookRuntime?: Runtime
  /** More settings of the webhook service (WEBHOOK_LOG_DAYS, say). */
  webhookEnv?: Record<string, string>
}): Promise<WebhookGateway> {
  const env = testEnv()
  const suffix = randomUUID().slice(0, 8)
  const queuePrefix = `webhook-e2e-${suffix}`
  const databases = [`cms_gateway_e2e_${suffix}`, `cms_webhook_e2e_${suffix}`]
  const dataDir = mkdtempSync(join(DATA_ROOT, 'webhooks-'))
  const services = await launchServices({
    mongoUrl: env.mongoUrl,
    redisUrl: env.redisUrl,
    amqpUrl: env.amqpUrl,
    dataDir,
    internalToken: env.internalToken,
    only: ['gateway', 'webhook'],
    runtime: { webhook: options.webhookRuntime ?? 'node' },
    env: {
      gateway: {
        MONGO_DB: databases[0]!,
        CONTENT_READ_URL: env.contentReadUrl,
        CONTENT_WRITE_URL: env.contentWriteUrl,
        SCHEMA_URL: env.schemaUrl,
      },
      webhook: {
        MONGO_DB: databases[1]!,
        WEBHOOK_QUEUE_PREFIX: queuePrefix,
        WEBHOOK_ALLOW_PRIVATE_TARGETS: String(options.allowPrivateTargets),
        WEBHOOK_RETRY_DELAYS_MS: RETRY_DELAYS_MS.join(','),
        ...options.webhookEnv,
      },
    },
  })
  const admin = jsonClient(services.gatewayUrl, { authorization: `Bearer ${services.adminToken}` })

  return {
    services,
    queuePrefix,
    webhookDb: databases[1]!,
    async website() {
      const website = await admin('POST', '/admin/api/websites', {
        body: { name: `webhooks-${randomUUID().slice(0, 8)}` },
      })
      if (website.status !== 201) throw new Error(`creating a website failed: ${website.text}`)
      const key = await admin('POST', `/admin/api/websites/${website.body.id}/keys`, {
        body: {
          name: 'admin',
          scope: 'admin',
          rateLimit: { perMinute: 1_000_000, perDay: 100_000_000 },
        },
      })
      if (key.status !== 201) throw new Error(`creating a key failed: ${key.text}`)
      const api = jsonClient(services.gatewayUrl, { 'x-api-key': key.body.key })
      const type = await api('POST', '/api/content-types', {
        body: {
          name: 'article',
          titleField: 'title',
          fields: [{ name: 'title', type: 'text', required: true }],
        },
      })
      if (type.status !== 201) throw new Error(`creating the article type failed: ${type.text}`)
      return { websiteId: website.body.id as string, api, key: key.body.key as string }
    },
    async stop() {
      await services.stop()
      const names = queueNames(queuePrefix)
      const connection = await connect(env.amqpUrl)
      const channel = await connection.createChannel()
      for (const queue of [
        names.events,
        names.deliveries,
        names.park,
        names.dead,
        ...RETRY_DELAYS_MS.map(names.retry),
      ]) {
        await channel.deleteQueue(queue)
      }
      await connection.close()
      const mongo = new MongoClient(env.mongoUrl)
      for (const database of databases) await mongo.db(database).dropDatabase()
      await mongo.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
