import { connect } from 'amqplib'
import type { ChannelModel } from 'amqplib'
import { ENTRY_EVENTS, EVENTS_EXCHANGE } from '@cms/events'
import type { EntryEventMessage } from '@cms/events'
import { createTestWebsite, testEnv, waitFor } from '@cms/testkit'
import type { ApiCall, ApiResponse, TestWebsite } from '@cms/testkit'

/** A type with every shape the content tests need; `slug` is the slug field, `title` the title. */
export const ARTICLE_TYPE = {
  name: 'article',
  slugField: 'slug',
  titleField: 'title',
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'slug', type: 'text' },
    { name: 'body', type: 'textarea' },
    { name: 'tags', type: 'tags' },
    { name: 'views', type: 'integer' },
    { name: 'featured', type: 'boolean' },
    { name: 'rich', type: 'richText' },
  ],
}

export interface ContentSite extends TestWebsite {
  /** Creates an article (201 expected) and returns the document. */
  createArticle(data: Record<string, unknown>, extra?: Record<string, unknown>): Promise<any>
}

export async function expectStatus<T>(
  response: Promise<ApiResponse<T>> | ApiResponse<T>,
  status: number,
): Promise<ApiResponse<T>> {
  const settled = await response
  if (settled.status !== status)
    throw new Error(`expected ${status}, got ${settled.status}: ${settled.text}`)
  return settled
}

export async function defineType(api: ApiCall, definition: Record<string, unknown>): Promise<void> {
  await expectStatus(api('POST', '/api/content-types', { body: definition }), 201)
}

/** A fresh website (admin and read keys) with the article type. */
export async function contentSite(): Promise<ContentSite> {
  const site = await createTestWebsite()
  await defineType(site.api, ARTICLE_TYPE)
  return {
    ...site,
    async createArticle(data, extra = {}) {
      const response = await expectStatus(
        site.api('POST', '/api/content', { body: { type: 'article', data, ...extra } }),
        201,
      )
      return response.body
    },
  }
}

export interface EventTap {
  /** Entry events seen so far for the website the tap listens to, in arrival order. */
  events(documentId?: string): EntryEventMessage[]
  /** Waits until `count` events for `documentId` arrived, then a quiet spell to catch extras. */
  settle(documentId: string, count: number, quietMs?: number): Promise<EntryEventMessage[]>
  close(): Promise<void>
}

/** A private queue bound to every entry event on the events exchange, filtered to one website. */
export async function tapEntryEvents(
  websiteId: string,
  amqpUrl = testEnv().amqpUrl,
): Promise<EventTap> {
  const connection: ChannelModel = await connect(amqpUrl)
  const channel = await connection.createChannel()
  await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true })
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true })
  for (const event of ENTRY_EVENTS) await channel.bindQueue(queue, EVENTS_EXCHANGE, event)
  const seen: Array<EntryEventMessage & { routingKey: string }> = []
  await channel.consume(
    queue,
    (message) => {
      if (!message) return
      const event = JSON.parse(message.content.toString('utf8')) as EntryEventMessage
      if (event.websiteId === websiteId)
        seen.push({ ...event, routingKey: message.fields.routingKey })
    },
    { noAck: true },
  )
  const events = (documentId?: string) =>
    seen.filter((event) => documentId === undefined || event.document.id === documentId)
  return {
    events,
    async settle(documentId, count, quietMs = 1000) {
      await waitFor(() => (events(documentId).length >= count ? true : undefined), {
        timeoutMs: 15_000,
        what: `${count} events for ${documentId}`,
      })
      await new Promise((resolve) => setTimeout(resolve, quietMs))
      return events(documentId)
    },
    async close() {
      await connection.close()
    },
  }
}
