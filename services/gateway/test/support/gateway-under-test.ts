import process from 'node:process'
import { randomUUID } from 'node:crypto'
import { testEnv } from '@cms/testkit'
import { readGatewayConfig } from '../../src/config.ts'
import { start } from '../../src/main.ts'
import type { RunningGateway } from '../../src/main.ts'

const UPSTREAM_URLS = ['CONTENT_READ_URL', 'CONTENT_WRITE_URL', 'SCHEMA_URL', 'WEBHOOK_URL']

/**
 * A gateway started in this test process on a free port, against the shared MongoDB and Redis
 * and, by default, the shared services. Overrides are environment variables (an upstream URL,
 * REDIS_URL, a private REDIS_PREFIX, ...). A gateway with a stand-in service runs no purges:
 * it would send other test files' website purges to the stand-in.
 */
export async function startGateway(
  overrides: Record<string, string> = {},
): Promise<RunningGateway> {
  const env = testEnv()
  const standIn = UPSTREAM_URLS.some((name) => overrides[name] !== undefined)
  return start(
    readGatewayConfig({
      CMS_PORT: '0',
      METRICS_PORT: '0',
      HOST: '127.0.0.1',
      MONGO_URL: env.mongoUrl,
      REDIS_URL: env.redisUrl,
      AMQP_URL: env.amqpUrl,
      INTERNAL_TOKEN: env.internalToken,
      CMS_ADMIN_TOKEN: env.adminToken,
      CONTENT_READ_URL: env.contentReadUrl,
      CONTENT_WRITE_URL: env.contentWriteUrl,
      SCHEMA_URL: env.schemaUrl,
      WEBHOOK_URL: env.webhookUrl,
      LOG_LEVEL: process.env.CMS_TEST_LOG_LEVEL ?? 'silent',
      ...(standIn && { PURGE_WORKER: 'false' }),
      ...overrides,
    }),
  )
}

/** A Redis key prefix no other gateway uses, so counters and blocks stay within one test. */
export const privateRedisPrefix = (): string => `cms:test:${randomUUID()}`
