import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from '@cms/testkit'
import { createLogger } from '@cms/logger'
import { wireWriteProtocol } from '../src/store/content-store.ts'
import type { EventPublisher, OutboxRelay } from '../src/store/outbox-relay.ts'
import { draftState } from './draft-state.ts'
import { inMemoryStore } from './in-memory-store.ts'

/**
 * Two writers share one outbox: each relay sends its own pointers and leaves the other's to it
 * until they are old enough to mean their writer is gone, so no event goes out twice and no
 * change of a document overtakes an earlier one.
 */
const X = '0b7c4a8e-1d2f-4c3b-9a8e-7f6d5c4b3a21'
const Y = '5e1d2c3b-4a59-4687-8f6e-d5c4b3a29180'
const logger = createLogger({ service: 'test', level: 'silent' })

const started: OutboxRelay[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((relay) => relay.stop()))
})

/** What one writer's relay published, as `<document> v<version>`. */
function recordingPublisher(sent: string[]): EventPublisher {
  return {
    isConnected: () => true,
    async publish(_exchange, _routingKey, body) {
      const event = JSON.parse(body.toString('utf8'))
      sent.push(`${event.document.id === X ? 'X' : 'Y'} v${event.document.version}`)
    },
  }
}

function twoWriters() {
  const store = inMemoryStore({ maxPauseMs: 0, replacePauseMs: 0 })
  const skew = { ms: 0 }
  const writer = (clock: () => Date) => {
    const wired = wireWriteProtocol(store, { logger, clock })
    const sent: string[] = []
    return {
      sent,
      commit: (documentId: string, version: number) =>
        wired.commit({
          documentId,
          websiteId: 'w1',
          version,
          reason: version === 1 ? 'create' : 'update',
          changedBy: 'k1',
          state: draftState({ version, data: { version } }),
          now: new Date(),
        }),
      start() {
        started.push(wired.relay)
        wired.relay.start({ publisher: recordingPublisher(sent), pollMs: 10_000 })
      },
    }
  }
  const other = writer(() => new Date())
  const here = writer(() => new Date(Date.now() + skew.ms))
  return { store, skew, other, here }
}

const aMoment = () => new Promise((resolve) => setTimeout(resolve, 400))

describe('outbox relays of two writers', () => {
  it('when another writer’s pointer is recent, then a relay sends its own changes of other documents at once and leaves that pointer, and the later change of its document, to the other writer', async () => {
    const { store, other, here } = twoWriters()
    await other.commit(X, 1)
    await here.commit(Y, 1)
    await here.commit(X, 2)
    here.start()
    await waitFor(() => (here.sent.includes('Y v1') ? true : undefined))
    await aMoment()
    expect(here.sent).toEqual(['Y v1'])

    other.start()
    await waitFor(() => (store.pointers.size === 0 ? true : undefined))
    expect(other.sent).toEqual(['X v1'])
    expect(here.sent).toEqual(['Y v1', 'X v2'])
  })

  it('when another writer’s pointer is older than the grace (its writer is gone), then a relay sends it, before the later change of its document', async () => {
    const { store, skew, other, here } = twoWriters()
    await other.commit(X, 1)
    await here.commit(X, 2)
    here.start()
    await aMoment()
    expect(here.sent).toEqual([])

    skew.ms = 5_000
    await waitFor(() => (store.pointers.size === 0 ? true : undefined))
    expect(here.sent).toEqual(['X v1', 'X v2'])
    expect(other.sent).toEqual([])
  })
})
