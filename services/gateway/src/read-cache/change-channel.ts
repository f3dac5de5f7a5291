import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import type { CacheTrust } from './cache-trust.ts'

export interface ChangeChannel {
  /** Drops the tags here at once, then tells every other instance through Redis. */
  announce(websiteId: string, tags: readonly string[]): Promise<void>
  close(): Promise<void>
}

export interface ChangeChannelDeps {
  redis: Redis
  prefix: string
  /** Drops a website's entries carrying any of the tags (here, or heard from another instance). */
  drop: (websiteId: string, tags: readonly string[]) => void
  trust: CacheTrust
  logger: Logger
  /** How often this instance checks that it hears its own messages. */
  heartbeatMs?: number
  /** Without hearing itself for this long, the instance stops trusting its cache. */
  staleAfterMs?: number
}

/**
 * Changes written through one gateway instance travel to the others over Redis pub/sub, as the
 * website and the tags they affect. Each instance also publishes a heartbeat and listens for its
 * own: while it does not hear itself (Redis down, the subscription lost) its cached reads are
 * bypassed, so another instance's change can go unseen for at most `staleAfterMs`.
 * Announcements that could not be published are sent again as soon as Redis answers.
 */
export function createChangeChannel(deps: ChangeChannelDeps): ChangeChannel {
  const channel = `${deps.prefix}:content-changed`
  const me = randomUUID()
  const heartbeatMs = deps.heartbeatMs ?? 250
  const staleAfterMs = deps.staleAfterMs ?? 1000
  const subscriber = deps.redis.duplicate({ autoResubscribe: false })
  const unsent = new Set<string>()
  let subscribed = false
  let heardAt = 0
  const evaluate = () => deps.trust.set('redis', subscribed && Date.now() - heardAt <= staleAfterMs)
  const publish = (message: string) => deps.redis.publish(channel, message)

  subscriber.on('error', () => undefined)
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        subscribed = true
        void publish(`${me} h`).catch(() => undefined)
      },
      (error: Error) => deps.logger.warn({ err: error.message }, 'read cache: subscribe failed'),
    )
  })
  subscriber.on('close', () => {
    subscribed = false
    evaluate()
  })
  subscriber.on('message', (_channel: string, message: string) => {
    const [from, kind, websiteId, ...tags] = message.split(' ')
    if (kind === 'h' && from === me) {
      heardAt = Date.now()
      evaluate()
    } else if (kind === 'c' && from !== me && websiteId) {
      deps.drop(websiteId, tags)
    }
  })

  const flushUnsent = async () => {
    for (const message of [...unsent]) {
      await publish(message)
      unsent.delete(message)
    }
  }
  const timer = setInterval(() => {
    evaluate()
    if (deps.redis.status !== 'ready') return
    void publish(`${me} h`).catch(() => undefined)
    if (unsent.size > 0) void flushUnsent().catch(() => undefined)
  }, heartbeatMs)
  timer.unref()

  return {
    async announce(websiteId, tags) {
      deps.drop(websiteId, tags)
      const message = [me, 'c', websiteId, ...tags].join(' ')
      try {
        await publish(message)
      } catch {
        unsent.add(message)
      }
    },
    async close() {
      clearInterval(timer)
      subscribed = false
      evaluate()
      subscriber.disconnect()
    },
  }
}
