import { connect } from 'amqplib'
import type { ChannelModel, ConfirmChannel, Options } from 'amqplib'
import type { Logger } from 'pino'
import { ServiceUnavailableError } from '@cms/errors'

/** A `mandatory` message that no queue was bound to receive; the broker returned it. */
export class UnroutableMessageError extends Error {
  constructor(exchange: string, routingKey: string) {
    super(`no queue is bound to receive ${routingKey} on ${exchange}`)
    this.name = 'UnroutableMessageError'
  }
}

export interface AmqpClient {
  isConnected(): boolean
  /**
   * Resolves once the broker has confirmed the message; rejects when it cannot, or, for a
   * `mandatory` message (which needs a `messageId`), when no queue took it.
   */
  publish(
    exchange: string,
    routingKey: string,
    body: Buffer,
    options?: Options.Publish,
  ): Promise<void>
  close(): Promise<void>
}

export interface AmqpOptions {
  url: string
  logger: Logger
  /** Declares exchanges and queues; runs on a fresh confirm channel after every (re)connect. */
  topology: (channel: ConfirmChannel) => Promise<void>
  /** Starts consumers; runs after `topology` on every (re)connect. */
  onConnect?: (model: ChannelModel) => Promise<void>
}

/**
 * A connection that amqplib re-establishes by itself (backoff up to 5 s). Topology and
 * consumers are set up again on each reconnect; publishing uses one confirm channel.
 */
export async function connectAmqp(options: AmqpOptions): Promise<AmqpClient> {
  let publisher: ConfirmChannel | undefined
  let connected = false
  // The broker sends basic.return before the confirm of the same message on the same channel.
  const returned = new Set<string>()
  const connection = await connect(options.url, {
    recovery: {
      initialDelay: 200,
      maxDelay: 5000,
      waitForConnect: false,
      async setup(model: ChannelModel) {
        const channel = await model.createConfirmChannel()
        channel.on('error', (error: Error) =>
          options.logger.warn({ err: error.message }, 'amqp channel error'),
        )
        channel.on('close', () => {
          if (publisher === channel) publisher = undefined
        })
        channel.on('return', (message: { properties: { messageId?: string } }) => {
          if (message.properties.messageId) returned.add(message.properties.messageId)
        })
        await options.topology(channel)
        await options.onConnect?.(model)
        publisher = channel
      },
    },
  })
  connection.on('connect', () => {
    connected = true
    options.logger.info('amqp connected')
  })
  connection.on('disconnect', (error: Error) => {
    connected = false
    publisher = undefined
    options.logger.warn({ err: error?.message }, 'amqp disconnected')
  })
  connection.on('connect-failed', (error: Error) =>
    options.logger.debug({ err: error?.message }, 'amqp connect failed'),
  )
  connection.on('error', (error: Error) =>
    options.logger.warn({ err: error?.message }, 'amqp error'),
  )

  return {
    isConnected: () => connected && publisher !== undefined,
    publish(exchange, routingKey, body, publishOptions = {}) {
      const { messageId, mandatory } = publishOptions
      if (mandatory && !messageId)
        return Promise.reject(new TypeError('a mandatory message needs a messageId'))
      const channel = publisher
      if (!channel)
        return Promise.reject(new ServiceUnavailableError('The message broker is unavailable'))
      return new Promise<void>((resolve, reject) => {
        const confirmed = (error: unknown) => {
          if (error)
            return reject(
              new ServiceUnavailableError('The broker did not confirm the message', {
                cause: error,
              }),
            )
          if (messageId && returned.delete(messageId))
            return reject(new UnroutableMessageError(exchange, routingKey))
          resolve()
        }
        try {
          channel.publish(
            exchange,
            routingKey,
            body,
            { persistent: true, ...publishOptions },
            confirmed,
          )
        } catch (error) {
          reject(new ServiceUnavailableError('The message broker is unavailable', { cause: error }))
        }
      })
    },
    async close() {
      connected = false
      publisher = undefined
      await connection.close().catch(() => undefined)
    },
  }
}
