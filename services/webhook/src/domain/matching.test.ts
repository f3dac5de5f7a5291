import { describe, expect, it } from 'vitest'
import { ENTRY_EVENTS } from '@cms/events'
import { webhookMatches } from './matching.ts'

describe('webhookMatches', () => {
  it('when the webhook lists the event and all types, then every type matches', () => {
    const webhook = { events: [...ENTRY_EVENTS], contentTypes: null }
    expect(webhookMatches(webhook, { event: 'entry.publish', contentType: 'article' })).toBe(true)
  })

  it('when the webhook does not list the event, then it does not match', () => {
    const webhook = { events: ['entry.create' as const], contentTypes: null }
    expect(webhookMatches(webhook, { event: 'entry.delete', contentType: 'article' })).toBe(false)
  })

  it('when the webhook is restricted to other content types, then it does not match', () => {
    const webhook = { events: [...ENTRY_EVENTS], contentTypes: ['page'] }
    expect(webhookMatches(webhook, { event: 'entry.create', contentType: 'article' })).toBe(false)
    expect(webhookMatches(webhook, { event: 'entry.create', contentType: 'page' })).toBe(true)
  })
})
