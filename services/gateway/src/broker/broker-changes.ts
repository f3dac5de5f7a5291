import { connectAmqp, listenOnPrivateQueue } from '@cms/amqp'
import type { AmqpClient } from '@cms/amqp'
import { EVENTS_EXCHANGE } from '@cms/events'
import type { Logger } from '@cms/logger'

/** One consumer of the changes this gateway instance hears from the broker. */
export interface BrokerChangeListener {
  routingKeys: readonly string[]
  onMessage(text: string, routingKey: string): void
  /** After every (re)connect: whatever was published while no queue listened was missed. */
  onConnected?(): void
}

export interface BrokerChanges {
  /** Adds a listener; only before `start`. */
  listen(listener: BrokerChangeListener): void
  start(): void
  /** Whether the queue listens now (messages published meanwhile reach this instance). */
  listening(): boolean
  close(): Promise<void>
}

/**
 * Every website's changes (entry events, type changes, cache purges) on one queue of this
 * instance's own (exclusive, deleted with its connection), so each instance hears every change,
 * whichever instance or service made it; each listener gets the routing keys it asked for.
 */
export function createBrokerChanges(options: { url: string; logger: Logger }): BrokerChanges {
  const { logger } = options
  const listeners: BrokerChangeListener[] = []
  let client: Promise<AmqpClient> | undefined
  let connected: AmqpClient | undefined
  let bound = false

  function dispatch(text: string, routingKey: string): void {
    for (const listener of listeners)
      if (listener.routingKeys.includes(routingKey)) listener.onMessage(text, routingKey)
  }

  return {
    listen(listener) {
      if (client) throw new Error('broker changes: listen before start')
      listeners.push(listener)
    },
    start() {
      if (client || listeners.length === 0) return
      const routingKeys = [...new Set(listeners.flatMap((listener) => listener.routingKeys))]
      client = connectAmqp({
        url: options.url,
        logger,
        async topology(channel) {
          await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true })
        },
        async onConnect(model) {
          bound = false
          await listenOnPrivateQueue(model, {
            exchange: EVENTS_EXCHANGE,
            routingKeys,
            logger,
            what: 'change from the broker',
            onMessage: dispatch,
          })
          bound = true
          for (const listener of listeners) listener.onConnected?.()
        },
      })
      client.then(
        (ready) => (connected = ready),
        (error: unknown) => logger.warn({ err: error }, 'broker changes: broker unavailable'),
      )
    },
    listening: () => bound && connected !== undefined && connected.isConnected(),
    async close() {
      bound = false
      await client?.then((ready) => ready.close()).catch(() => undefined)
    },
  }
}
