import { BUILT_IN_ROLES, ROLE_OF_SCOPE } from '@cms/contract'
import type { KeyScope } from '@cms/contract'
import { randomUUID } from 'node:crypto'
import { connect } from 'amqplib'
import type { ChannelModel } from 'amqplib'
import { MongoClient } from 'mongodb'
import type { Db } from 'mongodb'
import { ENTRY_EVENTS, EVENTS_EXCHANGE } from '@cms/events'
import type { EntryEventMessage } from '@cms/events'
import { internalClient, testEnv } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import type { Caller } from '@cms/http'
import { readContentConfig } from '../src/config.ts'
import { start } from '../src/main.ts'
import type { RunningContentService } from '../src/main.ts'

/**
 * A content service started inside the test process, on a database of its own (so the shared
 * stack's relay never touches its outbox), talking to the shared schema service.
 */
export interface InProcessContent {
  service: RunningContentService
  dbName: string
  api: ApiCall & { caller: Caller }
  stop(): Promise<void>
}

export async function startContent(
  options: { dbName?: string; caller?: Caller; env?: Record<string, string> } = {},
): Promise<InProcessContent> {
  const env = testEnv()
  const dbName = options.dbName ?? `cms_content_test_${randomUUID().slice(0, 8)}`
  const service = await start(
    readContentConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      MONGO_URL: env.mongoUrl,
      MONGO_DB: dbName,
      AMQP_URL: env.amqpUrl,
      INTERNAL_TOKEN: env.internalToken,
      SCHEMA_URL: env.schemaUrl,
      CONTENT_MODE: 'write',
      LOG_LEVEL: 'silent',
      ...options.env,
    }),
  )
  const api = internalClient(service.url, options.caller)
  return { service, dbName, api, stop: () => service.stop() }
}

/** A website of its own on the shared schema service, with a `post` type (title, body). */
export async function defineSchema(caller: Caller): Promise<void> {
  const schema = internalClient(testEnv().schemaUrl, caller)
  const response = await schema('POST', '/api/content-types', {
    body: {
      name: 'post',
      titleField: 'title',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'body', type: 'textarea' },
      ],
    },
  })
  if (response.status !== 201)
    throw new Error(`defining the post type failed: ${response.status} ${response.text}`)
}

export const newCaller = (scope: KeyScope = 'admin'): Caller => ({
  websiteId: randomUUID(),
  keyId: randomUUID(),
  permissions: BUILT_IN_ROLES[ROLE_OF_SCOPE[scope]],
})

export async function withDb<T>(dbName: string, use: (db: Db) => Promise<T>): Promise<T> {
  const client = new MongoClient(testEnv().mongoUrl, { serverSelectionTimeoutMS: 5000 })
  try {
    return await use(client.db(dbName))
  } finally {
    await client.close()
  }
}

export interface Tap {
  events(): EntryEventMessage[]
  close(): Promise<void>
}

/** A queue bound to every entry event; `queue` names a durable one that survives a broker restart. */
export async function tapEvents(amqpUrl: string, websiteId: string, queue?: string): Promise<Tap> {
  const connection: ChannelModel = await connect(amqpUrl)
  const channel = await connection.createChannel()
  await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true })
  const declared = queue
    ? await channel.assertQueue(queue, { durable: true })
    : await channel.assertQueue('', { exclusive: true, autoDelete: true })
  for (const event of ENTRY_EVENTS) await channel.bindQueue(declared.queue, EVENTS_EXCHANGE, event)
  const seen: EntryEventMessage[] = []
  await channel.consume(
    declared.queue,
    (message) => {
      if (!message) return
      const event = JSON.parse(message.content.toString('utf8')) as EntryEventMessage
      if (event.websiteId === websiteId) seen.push(event)
    },
    { noAck: true },
  )
  return { events: () => [...seen], close: () => connection.close() }
}
