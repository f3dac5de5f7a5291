import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib'
import type { Logger } from 'pino'
import { continueTrace, runInTrace, TRACEPARENT_HEADER } from '@cms/trace'

/** `done`: acknowledge. `unreadable`: reject without requeue (dead-lettered for an operator). */
export type Verdict = 'done' | 'unreadable'

export interface WorkConsumer {
  /** Opens a channel and consumes; called again after every reconnect. */
  start(model: ChannelModel): Promise<void>
  /** Stops taking messages and waits (up to `timeoutMs`) for those in hand. */
  stop(timeoutMs: number): Promise<void>
  inFlight(): number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Manual acks: a message is acknowledged only after `handle` has finished with it. A handler
 * that throws (the database is down, say) gets the message back after a pause, not at once.
 */
export function createWorkConsumer(options: {
  queue: string
  prefetch: number
  logger: Logger
  handle: (content: Buffer) => Promise<Verdict>
  requeueDelayMs?: number
}): WorkConsumer {
  const inFlight = new Set<Promise<void>>()
  let current: { channel: Channel; tag: string } | undefined
  let stopping = false

  // After a lost connection the channel is gone; the broker requeues what was not acked.
  const settle = (action: () => void) => {
    try {
      action()
    } catch (error) {
      options.logger.warn(
        { err: (error as Error).message, queue: options.queue },
        'could not settle a message',
      )
    }
  }

  /**
   * The broker cancelled the consumer (amqplib calls back with `null`): its queue was deleted, say.
   * Nothing would ever deliver to this consumer again, so the connection is closed: `@cms/amqp`
   * reconnects, declares the topology again (the queue with it) and starts the consumers anew.
   * Messages in hand are requeued by the broker (and handled again: jobs are idempotent).
   */
  function cancelled(model: ChannelModel): void {
    if (stopping) return
    options.logger.warn(
      { queue: options.queue },
      'the broker cancelled the consumer; reconnecting to consume again',
    )
    void model.close().catch(() => undefined)
  }

  /** The trace the message's producer sent (`traceparent` header), or a new one. */
  function traceOf(message: ConsumeMessage) {
    const header: unknown = message.properties.headers?.[TRACEPARENT_HEADER]
    return continueTrace(typeof header === 'string' ? header : undefined)
  }

  async function handleMessage(channel: Channel, message: ConsumeMessage): Promise<void> {
    // Everything done for the message (logs, jobs it queues, requests it sends) is in its trace.
    return runInTrace(traceOf(message), () => handleInTrace(channel, message))
  }

  async function handleInTrace(channel: Channel, message: ConsumeMessage): Promise<void> {
    try {
      const verdict = await options.handle(message.content)
      if (verdict === 'unreadable') {
        options.logger.error({ queue: options.queue }, 'unreadable message dead-lettered')
        settle(() => channel.nack(message, false, false))
      } else {
        settle(() => channel.ack(message))
      }
    } catch (error) {
      options.logger.warn(
        { err: (error as Error).message, queue: options.queue },
        'message handling failed; requeueing',
      )
      await sleep(options.requeueDelayMs ?? 1000)
      settle(() => channel.nack(message, false, true))
    }
  }

  return {
    async start(model) {
      if (stopping) return
      const channel = await model.createChannel()
      channel.on('error', (error: Error) =>
        options.logger.warn({ err: error.message, queue: options.queue }, 'consumer channel error'),
      )
      await channel.prefetch(options.prefetch)
      const { consumerTag } = await channel.consume(
        options.queue,
        (message) => {
          if (!message) return cancelled(model)
          const work = handleMessage(channel, message)
          inFlight.add(work)
          void work.finally(() => inFlight.delete(work))
        },
        { noAck: false },
      )
      current = { channel, tag: consumerTag }
    },
    async stop(timeoutMs) {
      stopping = true
      if (current) await current.channel.cancel(current.tag).catch(() => undefined)
      let timer: ReturnType<typeof setTimeout> | undefined
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ])
      clearTimeout(timer)
    },
    inFlight: () => inFlight.size,
  }
}
