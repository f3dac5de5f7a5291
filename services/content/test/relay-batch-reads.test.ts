import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '@cms/logger'
import { waitFor } from '@cms/testkit'
import { wireWriteProtocol } from '../src/store/content-store.ts'
import type { EventPublisher, OutboxRelay } from '../src/store/outbox-relay.ts'
import { draftState } from './draft-state.ts'
import { inMemoryStore } from './in-memory-store.ts'

/**
 * The relay reads the records and documents of another writer's pointers a batch at a time:
 * one read per website, not one per pointer, which on a busy store would queue a whole batch of
 * reads ahead of the requests sharing the pool.
 */
const logger = createLogger({ service: 'test', level: 'silent' })

let relay: OutboxRelay | undefined
afterEach(async () => {
  await relay?.stop()
  relay = undefined
})

/** `target` with each method's calls counted in `calls` under `<name>.<method>`. */
function counted<T extends object>(name: string, target: T, calls: Map<string, number>): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        const key = `${name}.${String(property)}`
        calls.set(key, (calls.get(key) ?? 0) + 1)
        return value.apply(object, args)
      }
    },
  })
}

describe('outbox relay reads', () => {
  it('when a relay follows 30 pointers another writer left on two websites, then it reads their version records and documents once per website and sends every event', async () => {
    const store = inMemoryStore({ maxPauseMs: 0, replacePauseMs: 0 })
    // The writer that commits never relays: its pointers are another process's to follow.
    const writer = wireWriteProtocol(store, { logger, clock: () => new Date() })
    for (let n = 0; n < 30; n++) {
      const websiteId = n % 2 === 0 ? 'w1' : 'w2'
      await writer.commit({
        documentId: randomUUID(),
        websiteId,
        version: 1,
        reason: 'create',
        changedBy: 'k1',
        state: draftState({ websiteId, slug: `post-${n}` }),
        now: new Date(),
      })
    }
    expect(store.pointers.size).toBe(30)

    const calls = new Map<string, number>()
    const follower = wireWriteProtocol(
      {
        ...store,
        versions: counted('versions', store.versions, calls),
        documents: counted('documents', store.documents, calls),
      },
      // Past the wait for another writer's own relay (relay-others.test.ts): this one follows.
      { logger, clock: () => new Date(), relay: { othersAfterMs: 0 } },
    )
    const published: string[] = []
    const publisher: EventPublisher = {
      isConnected: () => true,
      async publish(_exchange, routingKey) {
        published.push(routingKey)
      },
    }
    relay = follower.relay
    follower.relay.start({ publisher, pollMs: 20 })
    await waitFor(() => (store.pointers.size === 0 ? true : undefined), {
      what: 'every pointer relayed',
    })

    expect(published).toEqual(Array.from({ length: 30 }, () => 'entry.create'))
    expect(Object.fromEntries(calls)).toEqual({
      'versions.findMany': 2,
      'documents.findMany': 2,
    })
  })
})
