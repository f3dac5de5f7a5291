import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import type { ContentGenerations } from './content-generations.ts'

export interface GenerationChannel {
  /** Bumps the website here at once, then tells every other instance through Redis. */
  announce(websiteId: string): Promise<void>
  close(): Promise<void>
}

export interface GenerationChannelDeps {
  redis: Redis
  prefix: string
  generations: ContentGenerations
  logger: Logger
  /** How often this instance checks that it hears its own messages. */
  heartbeatMs?: number
  /** Without hearing itself for this long, the instance stops trusting its cache. */
  staleAfterMs?: number
}

/**
 * Content changes travel between gateway instances over Redis pub/sub. Each instance also
 * publishes a heartbeat and listens for its own: while it does not hear itself (Redis down, the
 * subscription lost) its cached reads are bypassed, so another instance's change can go unseen
 * for at most `staleAfterMs`. Announcements that could not be published are sent again as soon
 * as Redis answers.
 */
export function createGenerationChannel(deps: GenerationChannelDeps): GenerationChannel {
  const channel = `${deps.prefix}:content-changed`
  const me = randomUUID()
  const heartbeatMs = deps.heartbeatMs ?? 250
  const staleAfterMs = deps.staleAfterMs ?? 1000
  const subscriber = deps.redis.duplicate({ autoResubscribe: false })
  const unsent = new Set<string>()
  let subscribed = false
  let heardAt = 0

  const evaluate = () =>
    deps.generations.setTrusted(subscribed && Date.now() - heardAt <= staleAfterMs)
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
    const [from, kind, websiteId] = message.split(' ')
    if (kind === 'h' && from === me) {
      heardAt = Date.now()
      evaluate()
    } else if (kind === 'c' && from !== me && websiteId) {
      deps.generations.bump(websiteId)
    }
  })

  const flushUnsent = async () => {
    for (const websiteId of [...unsent]) {
      await publish(`${me} c ${websiteId}`)
      unsent.delete(websiteId)
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
    async announce(websiteId) {
      deps.generations.bump(websiteId)
      try {
        await publish(`${me} c ${websiteId}`)
      } catch {
        unsent.add(websiteId)
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
