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

  it('when a release.publish names documents of several types, then a webhook of one of them matches', () => {
    const webhook = { events: ['release.publish' as const], contentTypes: ['page'] }
    const documents = [
      { id: 'd1', type: 'article', action: 'publish' as const, version: 2 },
      { id: 'd2', type: 'page', action: 'unpublish' as const, version: 3 },
    ]
    expect(webhookMatches(webhook, { event: 'release.publish', documents })).toBe(true)
    const other = { events: ['release.publish' as const], contentTypes: ['event'] }
    expect(webhookMatches(other, { event: 'release.publish', documents })).toBe(false)
  })
})
