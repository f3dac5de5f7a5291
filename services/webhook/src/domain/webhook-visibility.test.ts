import { describe, expect, it } from 'vitest'
import { ForbiddenError } from '@cms/errors'
import { contentTypesFor, isVisibleTo, payloadVisibleTo } from './webhook-visibility.ts'

const owner = { websiteId: 'w1', types: '*' as const }
const eventsOnly = { websiteId: 'w1', types: ['event'] }
const noType = { websiteId: 'w1', types: [] }

describe('isVisibleTo', () => {
  it('when the caller sees every type (or was told nothing), then every webhook is visible', () => {
    expect(isVisibleTo({ contentTypes: null }, owner)).toBe(true)
    expect(isVisibleTo({ contentTypes: ['article'] }, { websiteId: 'w1' })).toBe(true)
  })

  it('when the caller sees some types, then only webhooks told of those types alone are visible', () => {
    expect(isVisibleTo({ contentTypes: ['event'] }, eventsOnly)).toBe(true)
    expect(isVisibleTo({ contentTypes: null }, eventsOnly)).toBe(false)
    expect(isVisibleTo({ contentTypes: ['event', 'article'] }, eventsOnly)).toBe(false)
  })
})

describe('contentTypesFor', () => {
  it('when the caller sees every type, then what it asks for is kept, all types included', () => {
    expect(contentTypesFor(null, owner)).toBeNull()
    expect(contentTypesFor(['article'], owner)).toEqual(['article'])
  })

  it('when a restricted caller asks for every type, then the webhook gets the types it sees', () => {
    expect(contentTypesFor(null, { websiteId: 'w1', types: ['event', 'page'] })).toEqual([
      'event',
      'page',
    ])
  })

  it('when a restricted caller names a type it may not read, then it is refused naming it', () => {
    expect(() => contentTypesFor(['event', 'article'], eventsOnly)).toThrow(ForbiddenError)
    expect(() => contentTypesFor(['article'], eventsOnly)).toThrow(
      'needs the read permission on article',
    )
    expect(contentTypesFor(['event'], eventsOnly)).toEqual(['event'])
  })

  it('when the caller may read no type, then a webhook for every type is refused', () => {
    expect(() => contentTypesFor(null, noType)).toThrow(ForbiddenError)
  })
})

describe('payloadVisibleTo', () => {
  const body = (contentType: string | null) => JSON.stringify({ event: 'e', contentType })

  it("when a payload's type is one the caller may not read, then it may not go out again", () => {
    expect(payloadVisibleTo(body('article'), eventsOnly)).toBe(false)
    expect(payloadVisibleTo(body('event'), eventsOnly)).toBe(true)
    expect(payloadVisibleTo(body(null), eventsOnly)).toBe(true)
    expect(payloadVisibleTo(body('article'), owner)).toBe(true)
  })
})
