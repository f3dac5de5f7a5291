import type { Buffer } from 'node:buffer'
import { connect } from 'amqplib'
import type { ChannelModel, ConfirmChannel, Options } from 'amqplib'
import type { Logger } from 'pino'
import { ServiceUnavailableError } from '@cms/errors'
import { splitBrokerUrls } from './broker-urls.ts'
import { createAddressRotation } from './address-rotation.ts'

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
   * Resolves once the broker has confirmed the message; rejects when it cannot (a nack, a lost
   * connection), or, for a `mandatory` message (which needs a `messageId`), when no queue took it.
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
  /** One broker address, or several separated by commas (tried in turn, see `brokerUrls`). */
  url: string
  logger: Logger
  /** Declares exchanges and queues; runs on a fresh confirm channel after every (re)connect. */
  topology: (channel: ConfirmChannel) => Promise<void>
  /** Starts consumers; runs after `topology` on every (re)connect. */
  onConnect?: (model: ChannelModel) => Promise<void>
  /** Called once the client can publish, after every (re)connect (work held back can go now). */
  onReady?: () => void
  /** The socket's connect time-out per address; a node that is down but not refusing costs this. */
  connectTimeoutMs?: number
  /**
   * How long topology and consumers may take to set up on a new connection before it is given
   * up for the next address (a queue without a leader can leave a declare or consume waiting).
   */
  setupTimeoutMs?: number
  /**
   * How long a publish waits for the broker's confirm before it rejects (the message may still
   * be confirmed later: a caller that publishes again sends it twice, never zero times).
   */
  confirmTimeoutMs?: number
}

/** Rejects with `late()` if `promise` has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** Where a URL points, without its credentials, for logs. */
function addressOf(url: string): string {
  try {
    const { protocol, host } = new URL(url)
    return `${protocol}//${host}`
  } catch {
    return 'an invalid address'
  }
}

const ignore = () => undefined

/** The least time between two replacements of the publishing channel after a nack. */
const REPLACE_AFTER_NACK_MS = 250

/**
 * A connection re-established in the background: after a loss it tries the next address of the
 * list first (the node it was on is the likeliest to be down), every address once quickly, then
 * rounds with a growing pause (up to 2 s). Topology and consumers are set up again on each
 * connection; publishing uses one confirm channel, replaced by a fresh one on the same connection
 * after a nack or when the broker closes it (see `replacePublisher`).
 */
export async function connectAmqp(options: AmqpOptions): Promise<AmqpClient> {
  const urls = splitBrokerUrls(options.url)
  if (urls.length === 0) throw new TypeError('connectAmqp needs at least one broker address')
  const rotation = createAddressRotation(urls.length)
  const { logger } = options
  const setupTimeoutMs = options.setupTimeoutMs ?? 20_000
  const confirmTimeoutMs = options.confirmTimeoutMs ?? 15_000
  let model: ChannelModel | undefined
  let publisher: ConfirmChannel | undefined
  /** Publishing channels that have closed (amqplib keeps no such flag). */
  const closed = new WeakSet<ConfirmChannel>()
  let replacing = false
  let replacedAt = 0
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  // The broker sends basic.return before the confirm of the same message on the same channel.
  const returned = new Set<string>()

  /** A confirm channel on `owner` for publishing, replaced when it nacks or the broker closes it. */
  async function openPublisher(owner: ChannelModel): Promise<ConfirmChannel> {
    const channel = await owner.createConfirmChannel()
    channel.on('error', (error: Error) => logger.warn({ err: error.message }, 'amqp channel error'))
    channel.on('close', () => {
      closed.add(channel)
      if (publisher !== channel) return
      publisher = undefined
      replacePublisher(owner, channel, 'closed')
    })
    channel.on('nack', () => replacePublisher(owner, channel, 'nacked'))
    channel.on('return', (message: { properties: { messageId?: string } }) => {
      if (message.properties.messageId) returned.add(message.properties.messageId)
    })
    return channel
  }

  /**
   * A fresh publishing channel on the same connection, in place of `stale`:
   * - after a nack. RabbitMQ 3.10 keeps, per channel and quorum queue, the state of the channel's
   *   first publish to it; made while the queue's leader node is down and before a new leader is
   *   recorded (the first second or so after a node loss, when a client has just reconnected),
   *   it nacks every later publish of that channel to that queue until the old node is back.
   *   A new channel starts afresh; opened too early it nacks too and is replaced again.
   * - when the broker closed it (a channel error) on a connection that lives on: nothing else
   *   would open another, and the client could never publish again.
   * After a nack it happens at most once per `REPLACE_AFTER_NACK_MS` (a queue that keeps refusing,
   * full with `reject-publish`, would otherwise churn channels); callers publish again, and the
   * next nack replaces it then.
   * A connection that is lost closes its channels before it reports itself closed, so the check
   * waits a turn; the reconnect then takes over. The stale channel is closed once its other
   * publishes are settled (or after the confirm time-out); any it never confirms reject, and
   * their callers publish them again (at least once).
   */
  function replacePublisher(
    owner: ChannelModel,
    stale: ConfirmChannel,
    why: 'nacked' | 'closed',
  ): void {
    if (replacing) return
    if (why === 'nacked' && Date.now() - replacedAt < REPLACE_AFTER_NACK_MS) return
    replacing = true
    setImmediate(() => {
      void (async () => {
        try {
          if (stopped || model !== owner) return
          if (publisher !== stale && publisher !== undefined) return
          const fresh = await within(
            openPublisher(owner),
            setupTimeoutMs,
            () => new Error(`no new publishing channel within ${setupTimeoutMs} ms`),
          )
          if (stopped || model !== owner) {
            await fresh.close().catch(ignore)
            return
          }
          publisher = fresh
          replacedAt = Date.now()
          logger.warn({ why }, 'amqp publishing channel replaced')
        } catch (error) {
          if (stopped || model !== owner) return
          logger.warn(
            { err: (error as Error)?.message },
            'amqp publishing channel could not be replaced; reconnecting',
          )
          void owner.close().catch(ignore)
        } finally {
          replacing = false
          if (!closed.has(stale))
            void within(stale.waitForConfirms(), confirmTimeoutMs, () => new Error('late'))
              .catch(ignore)
              .finally(() => stale.close().catch(ignore))
        }
      })()
    })
  }

  /** The publishing channel of a new connection, once its topology and consumers are up. */
  async function setUp(candidate: ChannelModel): Promise<ConfirmChannel> {
    const channel = await openPublisher(candidate)
    await options.topology(channel)
    await options.onConnect?.(candidate)
    if (closed.has(channel)) throw new Error('the publishing channel closed during the set-up')
    return channel
  }

  function scheduleReconnect(): void {
    if (stopped || timer) return
    const delayMs = rotation.nextDelayMs()
    timer = setTimeout(() => {
      timer = undefined
      void open()
    }, delayMs)
  }

  async function open(): Promise<void> {
    if (stopped) return
    const url = urls[rotation.current()]!
    let candidate: ChannelModel | undefined
    let lost = false
    try {
      candidate = await connect(url, { timeout: options.connectTimeoutMs ?? 3000 })
      candidate.on('error', (error: Error) =>
        logger.warn({ err: error?.message }, 'amqp connection error'),
      )
      candidate.on('close', (error?: Error) => {
        lost = true
        if (model !== candidate) return
        model = undefined
        publisher = undefined
        logger.warn({ err: error?.message, broker: addressOf(url) }, 'amqp disconnected')
        rotation.failed()
        scheduleReconnect()
      })
      const channel = await within(
        setUp(candidate),
        setupTimeoutMs,
        () => new Error(`topology and consumers not set up within ${setupTimeoutMs} ms`),
      )
      if (lost) throw new Error('the connection closed while it was being set up')
      if (stopped) {
        await candidate.close().catch(() => undefined)
        return
      }
      model = candidate
      publisher = channel
      rotation.connected()
      logger.info({ broker: addressOf(url) }, 'amqp connected')
      options.onReady?.()
    } catch (error) {
      publisher = undefined
      // A node that refuses is routine while it is down; one that accepts and then fails the
      // set-up is worth a warning.
      logger[candidate ? 'warn' : 'debug'](
        { err: (error as Error)?.message, broker: addressOf(url) },
        candidate ? 'amqp set-up failed; trying the next address' : 'amqp connect failed',
      )
      await candidate?.close().catch(() => undefined)
      rotation.failed()
      scheduleReconnect()
    }
  }

  setImmediate(() => void open())

  return {
    isConnected: () => model !== undefined && publisher !== undefined,
    publish(exchange, routingKey, body, publishOptions = {}) {
      const { messageId, mandatory } = publishOptions
      if (mandatory && !messageId)
        return Promise.reject(new TypeError('a mandatory message needs a messageId'))
      const channel = publisher
      if (!channel)
        return Promise.reject(new ServiceUnavailableError('The message broker is unavailable'))
      const publishing = new Promise<void>((resolve, reject) => {
        const confirmed = (error: unknown) => {
          const wasReturned = messageId !== undefined && returned.delete(messageId)
          if (error)
            return reject(
              // amqplib's reason: 'message nacked' or 'channel closed'.
              new ServiceUnavailableError(
                `The broker did not confirm the message (${(error as Error).message})`,
                { cause: error },
              ),
            )
          if (wasReturned) return reject(new UnroutableMessageError(exchange, routingKey))
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
      return within(
        publishing,
        confirmTimeoutMs,
        () =>
          new ServiceUnavailableError(
            `The broker did not confirm the message within ${confirmTimeoutMs} ms`,
          ),
      )
    },
    async close() {
      stopped = true
      clearTimeout(timer)
      timer = undefined
      publisher = undefined
      const current = model
      model = undefined
      await current?.close().catch(() => undefined)
    },
  }
}
