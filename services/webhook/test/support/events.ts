import { randomUUID } from 'node:crypto'
import { connect } from 'amqplib'
import { EVENTS_EXCHANGE } from '@cms/events'
import type { EntryEventMessage, EntryEventName } from '@cms/events'
import { testEnv } from '@cms/testkit'

/** An entry event as the content service's relay would publish it. */
export function entryEvent(
  websiteId: string,
  event: EntryEventName,
  overrides: Partial<EntryEventMessage> = {},
): EntryEventMessage {
  const documentId = randomUUID()
  return {
    eventId: randomUUID(),
    event,
    timestamp: new Date().toISOString(),
    websiteId,
    contentType: 'article',
    document: {
      id: documentId,
      type: 'article',
      slug: `post-${documentId.slice(0, 8)}`,
      status: event === 'entry.publish' ? 'published' : 'draft',
      data: { title: 'Grüße aus Köln', tags: ['a', 'b'] },
      createdAt: new Date().toISOString(),
    },
    ...overrides,
  }
}

/** Publishes like the relay: topic exchange, routing key = event name, persistent, confirmed. */
export async function publishEvents(...messages: EntryEventMessage[]): Promise<void> {
  const connection = await connect(testEnv().amqpUrl)
  try {
    const channel = await connection.createConfirmChannel()
    await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true })
    for (const message of messages) {
      channel.publish(EVENTS_EXCHANGE, message.event, Buffer.from(JSON.stringify(message)), {
        persistent: true,
        contentType: 'application/json',
        messageId: message.eventId,
      })
    }
    await channel.waitForConfirms()
  } finally {
    await connection.close()
  }
}
