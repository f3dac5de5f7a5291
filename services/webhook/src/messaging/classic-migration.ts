import type { Channel, ChannelModel, ConfirmChannel, GetMessage } from 'amqplib'
import type { Logger } from 'pino'
import { EVENTS_EXCHANGE } from '@cms/events'
import { allQueues } from './topology.ts'
import type { QueueNames } from './topology.ts'

export interface MigrationOutcome {
  /** Messages moved from classic queues into their quorum counterparts. */
  moved: number
  /** Classic queues that still exist (in use by an instance of an earlier version, or refilled). */
  remaining: string[]
}

const BATCH = 200

/** A channel whose failure (a 404 or 406 closes it) is only an answer, never an error event. */
async function quietChannel<T extends Channel>(open: () => Promise<T>): Promise<T> {
  const channel = await open()
  channel.on('error', () => undefined)
  return channel
}

/** The queue's consumer count, or undefined when there is no such queue. */
async function consumersOf(model: ChannelModel, queue: string): Promise<number | undefined> {
  const channel = await quietChannel(() => model.createChannel())
  try {
    return (await channel.checkQueue(queue)).consumerCount
  } catch {
    return undefined
  } finally {
    await channel.close().catch(() => undefined)
  }
}

/** The message's properties as publish options (`userId` left out: the broker checks it). */
function republished(message: GetMessage) {
  const { properties } = message
  return {
    persistent: true,
    contentType: properties.contentType,
    contentEncoding: properties.contentEncoding,
    headers: properties.headers,
    correlationId: properties.correlationId,
    messageId: properties.messageId,
    timestamp: properties.timestamp,
    type: properties.type,
    appId: properties.appId,
  }
}

/** Moves every ready message of `from` to `to`: published, confirmed, then acknowledged. */
async function drain(
  source: Channel,
  target: ConfirmChannel,
  from: string,
  to: string,
): Promise<number> {
  let moved = 0
  for (;;) {
    const batch: GetMessage[] = []
    while (batch.length < BATCH) {
      const message = await source.get(from, { noAck: false })
      if (!message) break
      batch.push(message)
    }
    if (batch.length === 0) return moved
    // Mandatory: a message the target queue does not take comes back, and then none of the
    // batch is acknowledged (the broker returns the batch to the classic queue).
    let returned = 0
    const onReturn = () => returned++
    target.on('return', onReturn)
    try {
      for (const message of batch)
        target.publish('', to, message.content, { ...republished(message), mandatory: true })
      await target.waitForConfirms()
    } finally {
      target.off('return', onReturn)
    }
    if (returned > 0) throw new Error(`${to} did not take ${returned} message(s) from ${from}`)
    source.ack(batch.at(-1)!, true)
    moved += batch.length
  }
}

/**
 * Moves what the classic queues of an earlier version hold into the quorum queues that replace
 * them, then deletes each classic queue once it is empty and no consumer uses it. The events
 * queue is unbound first, so new events go only to the quorum queue. Nothing is declared over
 * an existing queue, so no 406 can happen; a queue still in use (an instance of the earlier
 * version during a rolling update) is drained and reported as remaining, to try again later.
 * Messages are copied before they are acknowledged: a crash in between duplicates them, which
 * the jobs tolerate (they are idempotent), and never loses them.
 */
export async function migrateClassicQueues(deps: {
  model: ChannelModel
  classic: QueueNames
  quorum: QueueNames
  retryDelaysMs: readonly number[]
  logger: Logger
}): Promise<MigrationOutcome> {
  const quorum = new Map(
    allQueues(deps.classic, deps.retryDelaysMs).map(({ name }, index) => [
      name,
      allQueues(deps.quorum, deps.retryDelaysMs)[index]!.name,
    ]),
  )
  // Senders before their targets: a retry queue dead-letters into `deliveries`, which
  // dead-letters into `dead`, and a classic queue drops what it dead-letters to a missing queue.
  const { events, deliveries, dead } = deps.classic
  const order = [
    events,
    ...[...quorum.keys()].filter((name) => ![events, deliveries, dead].includes(name)),
    deliveries,
    dead,
  ]
  const outcome: MigrationOutcome = { moved: 0, remaining: [] }
  const found: string[] = []
  for (const name of order) {
    const consumers = await consumersOf(deps.model, name)
    if (consumers === undefined) continue
    found.push(name)
    // An instance of the earlier version still runs: it may still publish retries to the
    // classic retry queues (which have no consumer to show it), so none is deleted yet.
    if (consumers > 0) outcome.remaining.push(name)
  }
  if (outcome.remaining.length > 0) {
    deps.logger.info(
      { queues: outcome.remaining },
      'classic queues still consumed by an earlier version; migrating later',
    )
    return { moved: 0, remaining: found }
  }
  const moves = found.map((from) => ({ from, to: quorum.get(from)! }))
  for (const { from, to } of moves) {
    const source = await quietChannel(() => deps.model.createChannel())
    const target = await quietChannel(() => deps.model.createConfirmChannel())
    try {
      if (from === deps.classic.events) await source.unbindQueue(from, EVENTS_EXCHANGE, 'entry.*')
      const moved = await drain(source, target, from, to)
      outcome.moved += moved
      if (moved > 0) deps.logger.info({ from, to, moved }, 'moved messages off a classic queue')
      await source.deleteQueue(from, { ifUnused: true, ifEmpty: true })
      deps.logger.info({ queue: from }, 'classic queue migrated and deleted')
    } catch (error) {
      outcome.remaining.push(from)
      deps.logger.warn(
        { err: (error as Error).message, queue: from },
        'classic queue still in use; it is drained again later',
      )
    } finally {
      await Promise.allSettled([source.close(), target.close()])
    }
  }
  return outcome
}

/**
 * Runs the migration on a connection, and again every `intervalMs` while classic queues remain
 * (instances of the earlier version still consume them during a rolling update). Stops with the
 * connection. Returns the first run's outcome.
 */
export async function keepMigratingClassicQueues(
  deps: Parameters<typeof migrateClassicQueues>[0] & { intervalMs?: number },
): Promise<MigrationOutcome> {
  let closed = false
  deps.model.once('close', () => (closed = true))
  const run = () =>
    migrateClassicQueues(deps).catch((error: unknown) => {
      // A connection lost mid-way: the next connection runs the migration again.
      if (!closed)
        deps.logger.warn({ err: (error as Error).message }, 'classic queue migration failed')
      return { moved: 0, remaining: ['?'] }
    })
  const first = await run()
  let remaining = first.remaining.length
  const again = async () => {
    if (closed || remaining === 0) return
    remaining = (await run()).remaining.length
    if (!closed && remaining > 0) setTimeout(() => void again(), deps.intervalMs ?? 30_000).unref()
  }
  if (remaining > 0) setTimeout(() => void again(), deps.intervalMs ?? 30_000).unref()
  return first
}
