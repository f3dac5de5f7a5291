import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import process from 'node:process'
import { MongoClient } from 'mongodb'
import { startStack } from '@cms/stack'
import type { Stack } from '@cms/stack'

let stack: Stack | undefined

/**
 * Once per `vitest run`: the backing servers and every service, shared by all test files.
 * Files keep apart by creating their own website; tests that stop servers start their own stack.
 */
export async function setup(): Promise<void> {
  if (process.env.CMS_TEST_STACK === 'off') return
  const started = Date.now()
  const name = `test-${Date.now()}-${process.pid}`
  // Every service logs the query shapes it sends; test/index-coverage checks them.
  const shapes = { MONGO_QUERY_SHAPES_DIR: join(tmpdir(), `${name}-query-shapes`) }
  stack = await startStack({
    name,
    ephemeral: process.env.CMS_KEEP_TEST_DATA !== 'true',
    log: (line) => process.stderr.write(`[stack] ${line}\n`),
    env: {
      // Every test signs in from 127.0.0.1; the per-address guard has its own test.
      gateway: { ...shapes, SIGN_IN_FAILURES_PER_ADDRESS: '10000' },
      'content-read': shapes,
      'content-write': shapes,
      schema: shapes,
      webhook: { ...shapes, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
    },
  })
  const { backends, services } = stack
  Object.assign(process.env, {
    MONGO_URL: backends.mongo.url,
    REDIS_URL: backends.redis.url,
    AMQP_URL: backends.amqp.url,
    INTERNAL_TOKEN: services.internalToken,
    CMS_ADMIN_TOKEN: services.adminToken,
    CMS_TEST_GATEWAY_URL: services.urls.gateway,
    CMS_TEST_CONTENT_READ_URL: services.urls['content-read'],
    CMS_TEST_CONTENT_WRITE_URL: services.urls['content-write'],
    CMS_TEST_SCHEMA_URL: services.urls.schema,
    CMS_TEST_WEBHOOK_URL: services.urls.webhook,
    CMS_TEST_DATA_DIR: stack.dataDir,
    CMS_TEST_METRICS_URLS: JSON.stringify(services.metricsUrls),
    CMS_TEST_QUERY_SHAPES_DIR: shapes.MONGO_QUERY_SHAPES_DIR,
  })
  process.stderr.write(
    `[stack] ${backends.provider} backends and services ready in ${Date.now() - started} ms (${stack.dataDir})\n`,
  )
}

/** What the suite left in storage: the collections every FerretDB query reads whole. */
async function reportRecordsLeft(url: string): Promise<void> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 2000 })
  try {
    const counts: string[] = []
    for (const database of (await client.db().admin().listDatabases()).databases) {
      const db = client.db(database.name)
      for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
        const count = await db.collection(name).estimatedDocumentCount()
        if (count >= 100) counts.push(`${database.name}.${name} ${count}`)
      }
    }
    process.stderr.write(
      `[stack] records left (collections of 100 or more): ${counts.join(', ')}\n`,
    )
  } catch (error) {
    process.stderr.write(`[stack] could not count the records left: ${(error as Error).message}\n`)
  } finally {
    await client.close()
  }
}

export async function teardown(): Promise<void> {
  if (stack) await reportRecordsLeft(stack.backends.mongo.url)
  await stack?.stop()
  const shapes = process.env.CMS_TEST_QUERY_SHAPES_DIR
  if (shapes) rmSync(shapes, { recursive: true, force: true })
}
