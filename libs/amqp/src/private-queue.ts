import type { ChannelModel } from 'amqplib'
import type { Logger } from 'pino'

/**
 * Hears `routingKeys` of `exchange` on a queue of this connection's own (exclusive, deleted with
 * it), so every instance hears every message. `onMessage` gets each body as text, with its routing key; one that
 * throws is logged as `what` and skipped. For `onConnect`: a new connection listens anew.
 */
export async function listenOnPrivateQueue(
  model: ChannelModel,
  options: {
    exchange: string
    routingKeys: readonly string[]
    logger: Logger
    what: string
    onMessage: (text: string, routingKey: string) => void
  },
): Promise<void> {
  const channel = await model.createChannel()
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true })
  for (const key of options.routingKeys) await channel.bindQueue(queue, options.exchange, key)
  await channel.consume(
    queue,
    (message) => {
      if (!message) return
      try {
        options.onMessage(message.content.toString('utf8'), message.fields.routingKey)
      } catch (error) {
        options.logger.warn({ err: error }, `ignoring a malformed ${options.what}`)
      }
    },
    { noAck: true },
  )
}
