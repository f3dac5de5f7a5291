import { connect } from 'amqplib'
import { CONTENT_TYPE_CHANGED, EVENTS_EXCHANGE } from '@cms/events'
import type { ContentTypeChangedMessage } from '@cms/events'
import { testEnv, waitFor } from '@cms/testkit'

export interface ChangeEventListener {
  /** Messages received so far about `websiteId`. */
  of(websiteId: string): ContentTypeChangedMessage[]
  /** Waits until `count` messages about `websiteId` arrived. */
  waitFor(websiteId: string, count: number): Promise<ContentTypeChangedMessage[]>
  close(): Promise<void>
}

/** Listens on the real broker, as the content service's cache does, with a queue of its own. */
export async function listenToChangeEvents(): Promise<ChangeEventListener> {
  const connection = await connect(testEnv().amqpUrl)
  const channel = await connection.createChannel()
  await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true })
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true })
  await channel.bindQueue(queue, EVENTS_EXCHANGE, CONTENT_TYPE_CHANGED)
  const received: ContentTypeChangedMessage[] = []
  await channel.consume(
    queue,
    (message) => {
      if (message)
        received.push(JSON.parse(message.content.toString()) as ContentTypeChangedMessage)
    },
    { noAck: true },
  )
  const of = (websiteId: string) => received.filter((message) => message.websiteId === websiteId)
  return {
    of,
    waitFor: (websiteId, count) =>
      waitFor(() => (of(websiteId).length >= count ? of(websiteId) : undefined), {
        timeoutMs: 10_000,
        what: `${count} change events`,
      }),
    async close() {
      await connection.close()
    },
  }
}
