import { describe, expect, it } from 'vitest'
import { currentDelivery, latestAttempt } from './delivery.ts'
import type { Attempt, Delivery } from './delivery.ts'

const record: Delivery = {
  id: 'd1',
  webhookId: 'w1',
  websiteId: 's1',
  eventId: 'e1',
  payloadId: 'e1',
  event: 'entry.create',
  documentId: 'doc1',
  status: 'pending',
  attempts: 0,
  lastStatusCode: null,
  lastError: null,
  nextAttemptAt: '2026-01-01T00:00:00.000Z',
  redeliveryOf: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

const attempt = (n: number, overrides: Partial<Attempt> = {}): Attempt => ({
  id: `a${n}`,
  deliveryId: 'd1',
  webhookId: 'w1',
  websiteId: 's1',
  attempt: n,
  startedAt: `2026-01-01T00:00:0${n}.000Z`,
  durationMs: 250,
  statusCode: 500,
  error: null,
  succeeded: false,
  statusAfter: 'pending',
  nextAttemptAt: `2026-01-01T00:00:1${n}.000Z`,
  ...overrides,
})

describe('latestAttempt', () => {
  it('when attempts are out of order, then the highest number wins', () => {
    expect(latestAttempt([attempt(2), attempt(3), attempt(1)])?.id).toBe('a3')
  })

  it('when an attempt was repeated, then the later start wins', () => {
    const repeat = attempt(2, { id: 'again', startedAt: '2026-01-01T00:00:09.000Z' })
    expect(latestAttempt([repeat, attempt(2), attempt(1)])?.id).toBe('again')
  })

  it('when there is no attempt, then there is no latest', () => {
    expect(latestAttempt([])).toBeUndefined()
  })
})

describe('currentDelivery', () => {
  it('when nothing was attempted, then the record is the delivery', () => {
    expect(currentDelivery(record, undefined)).toEqual(record)
  })

  it('when an attempt was made, then the delivery shows its outcome and when it ended', () => {
    const succeeded = attempt(2, {
      statusCode: 204,
      succeeded: true,
      statusAfter: 'succeeded',
      nextAttemptAt: null,
    })
    expect(currentDelivery(record, succeeded)).toEqual({
      ...record,
      status: 'succeeded',
      attempts: 2,
      lastStatusCode: 204,
      lastError: null,
      nextAttemptAt: null,
      updatedAt: '2026-01-01T00:00:02.250Z',
    })
  })

  it('when the record was closed after an attempt, then its closing fields stand', () => {
    const closed: Delivery = {
      ...record,
      status: 'failed',
      lastError: 'the webhook was deleted',
      nextAttemptAt: null,
      updatedAt: '2026-01-01T00:01:00.000Z',
    }
    expect(currentDelivery(closed, attempt(1, { error: 'ECONNREFUSED' }))).toEqual({
      ...closed,
      attempts: 1,
      lastStatusCode: 500,
    })
  })

  it('when the attempt predates recorded outcomes, then the record (updated in place) stands', () => {
    const { statusAfter: _, ...legacy } = attempt(1)
    const updated: Delivery = { ...record, status: 'succeeded', attempts: 1 }
    expect(currentDelivery(updated, legacy as Attempt)).toEqual(updated)
  })
})
