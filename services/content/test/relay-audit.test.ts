import { afterEach, describe, expect, it } from 'vitest'
import type { AuditRecord } from '@cms/audit'
import { createLogger } from '@cms/logger'
import { waitFor } from '@cms/testkit'
import { wireWriteProtocol } from '../src/store/content-store.ts'
import type { EventPublisher, OutboxRelay } from '../src/store/outbox-relay.ts'
import { draftState } from './draft-state.ts'
import { inMemoryStore } from './in-memory-store.ts'

/**
 * The relay and the audit log (docs/audit.md, "Content"): the commit completes the record in the
 * pointer, and the relay appends it before the event goes and the pointer is removed.
 */
const ID = '3f0e9d8c-7b6a-4c5d-8e4f-1a2b3c4d5e6f'
const logger = createLogger({ service: 'test', level: 'silent' })

let relay: OutboxRelay | undefined
afterEach(async () => {
  await relay?.stop()
  relay = undefined
})

function setup() {
  const store = inMemoryStore({ maxPauseMs: 0, replacePauseMs: 0 })
  const published: string[] = []
  const appended: AuditRecord[] = []
  const audit = {
    failing: true,
    async appendAll(records: readonly AuditRecord[]) {
      if (audit.failing) throw new Error('the audit database is away')
      appended.push(...records)
    },
  }
  const publisher: EventPublisher = {
    isConnected: () => true,
    async publish(_exchange, routingKey) {
      published.push(routingKey)
    },
  }
  const wired = wireWriteProtocol(store, { logger, clock: () => new Date(), audit })
  relay = wired.relay
  wired.relay.start({ publisher, pollMs: 20 })
  return { store, published, appended, audit, commit: wired.commit }
}

const state = draftState()

const asked: AuditRecord = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  time: '2026-01-01T00:00:00.000Z',
  chain: 'w1',
  actor: { kind: 'key', id: 'k1' },
  action: 'document.create',
  outcome: 'success',
}

describe('outbox relay and the audit log', () => {
  it('when a change commits, then its pointer carries its record with the type and version; while the append fails, then neither the event goes out nor the pointer; once it works, then both', async () => {
    const { store, published, appended, audit, commit } = setup()
    const now = new Date('2026-01-02T03:04:05Z')
    await commit({
      documentId: ID,
      websiteId: 'w1',
      version: 1,
      reason: 'create',
      changedBy: 'k1',
      state,
      now,
      audit: asked,
    })
    const completed = {
      ...asked,
      time: now.toISOString(),
      target: { kind: 'document', id: ID, type: 'post', version: 1 },
    }
    expect([...store.pointers.values()].map((pointer) => pointer.audit)).toEqual([completed])
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(published).toEqual([])
    expect(store.pointers.size).toBe(1)

    audit.failing = false
    await waitFor(() => (store.pointers.size === 0 ? true : undefined), {
      what: 'the pointer relayed',
    })
    expect(published).toEqual(['entry.create'])
    expect(appended).toEqual([completed])
  })
})
