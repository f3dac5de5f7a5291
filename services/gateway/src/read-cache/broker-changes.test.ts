import { describe, expect, it } from 'vitest'
import { changeOfMessage } from './broker-changes.ts'

const message = (body: Record<string, unknown>) => JSON.stringify({ websiteId: 'w', ...body })

describe('changes heard from the broker', () => {
  it('when an entry event arrives, then it names the document and its type lists', () => {
    const event = message({ event: 'entry.publish', contentType: 'post', document: { id: 'd' } })
    expect(changeOfMessage(event)).toEqual({ websiteId: 'w', tags: ['d-d', 'l-w-post'] })
  })

  it('when only a pending draft changed, then published reads are left alone', () => {
    const event = message({
      event: 'entry.update',
      contentType: 'post',
      document: { id: 'd' },
      draft: true,
    })
    expect(changeOfMessage(event)).toBeUndefined()
  })

  it('when a type changes or a purge names tags, then those tags', () => {
    expect(changeOfMessage(message({ name: 'post', version: 3 }))).toEqual({
      websiteId: 'w',
      tags: ['t-w-post'],
    })
    expect(changeOfMessage(message({ tags: ['m-1', 'ml-w'] }))).toEqual({
      websiteId: 'w',
      tags: ['m-1', 'ml-w'],
    })
    expect(changeOfMessage(JSON.stringify({ name: 'post' }))).toBeUndefined()
  })
})
