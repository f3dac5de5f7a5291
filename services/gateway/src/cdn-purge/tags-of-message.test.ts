import { describe, expect, it } from 'vitest'
import { tagsOfMessage } from './tags-of-message.ts'

const w = 'f2b5a1c4-0000-4000-8000-000000000001'
const id = 'f2b5a1c4-0000-4000-8000-000000000002'

describe('tagsOfMessage', () => {
  it('when an entry event arrives, then its document and the lists of its type are purged', () => {
    const event = { websiteId: w, contentType: 'article', document: { id }, event: 'entry.publish' }
    expect(tagsOfMessage('entry.publish', JSON.stringify(event))).toEqual([
      `d-${id}`,
      `l-${w}-article`,
    ])
  })

  it('when a type changes, then its answers are purged; when the locales change, the website', () => {
    const type = { websiteId: w, name: 'article', version: 2 }
    expect(tagsOfMessage('schema.content-type.changed', JSON.stringify(type))).toEqual([
      `t-${w}-article`,
    ])
    const locales = { websiteId: w, name: '', version: null, locales: true }
    expect(tagsOfMessage('schema.content-type.changed', JSON.stringify(locales))).toEqual([
      `w-${w}`,
    ])
  })

  it('when a cache.purge message arrives, then its tags are purged as given', () => {
    const message = { websiteId: w, tags: [`m-${id}`, `ml-${w}`] }
    expect(tagsOfMessage('cache.purge', JSON.stringify(message))).toEqual([`m-${id}`, `ml-${w}`])
  })

  it('when a message cannot be read, then it has no tags', () => {
    expect(tagsOfMessage('entry.create', 'not json')).toBeUndefined()
    expect(tagsOfMessage('entry.create', JSON.stringify({ websiteId: w }))).toBeUndefined()
    expect(tagsOfMessage('cache.purge', JSON.stringify({ websiteId: w, tags: [] }))).toBeUndefined()
    // A tag with a space or a comma would split into others in the purge headers.
    const split = { websiteId: w, tags: ['d-1 d-2'] }
    expect(tagsOfMessage('cache.purge', JSON.stringify(split))).toBeUndefined()
    expect(
      tagsOfMessage('cache.purge', JSON.stringify({ websiteId: w, tags: ['a,b'] })),
    ).toBeUndefined()
    expect(tagsOfMessage('cache.purge', 'null')).toBeUndefined()
  })
})
