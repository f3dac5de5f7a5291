import { describe, expect, it } from 'vitest'
import { deliveryIdFor } from './delivery-id.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('deliveryIdFor', () => {
  it('when the same event meets the same webhook twice, then both get the same UUID', () => {
    const id = deliveryIdFor('event-1', 'webhook-1')
    expect(id).toMatch(UUID)
    expect(deliveryIdFor('event-1', 'webhook-1')).toBe(id)
  })

  it('when the event or the webhook differs, then the id differs', () => {
    const id = deliveryIdFor('event-1', 'webhook-1')
    expect(deliveryIdFor('event-2', 'webhook-1')).not.toBe(id)
    expect(deliveryIdFor('event-1', 'webhook-2')).not.toBe(id)
    expect(deliveryIdFor('event-1w', 'ebhook-1')).not.toBe(deliveryIdFor('event-1', 'webhook-1'))
  })
})
