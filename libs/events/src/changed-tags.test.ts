import { describe, expect, it } from 'vitest'
import { changedTagsOf } from './changed-tags.ts'

const w = 'f2b5a1c4-0000-4000-8000-000000000001'
const id = 'f2b5a1c4-0000-4000-8000-000000000002'
const tagsOf = (routingKey: string, body: unknown) =>
  changedTagsOf(routingKey, JSON.stringify(body))?.tags

describe('changedTagsOf', () => {
  it('when an entry event arrives, then its document and the lists of its type changed', () => {
    const event = { websiteId: w, contentType: 'article', document: { id }, event: 'entry.publish' }
    expect(changedTagsOf('entry.publish', JSON.stringify(event))).toEqual({
      websiteId: w,
      tags: [`d-${id}`, `l-${w}-article`],
    })
  })

  it('when a pending draft is saved, then its published answers change too (hasPendingDraft)', () => {
    const event = { websiteId: w, contentType: 'article', document: { id }, draft: true }
    expect(tagsOf('entry.update', event)).toEqual([`d-${id}`, `l-${w}-article`])
  })

  it('when a type changes, then its answers changed; when it is new or the locales change, the website', () => {
    const type = { websiteId: w, name: 'article', version: 2 }
    expect(tagsOf('schema.content-type.changed', type)).toEqual([`t-${w}-article`])
    // Lists that name no type show the new type's documents, and no tag of theirs names it yet.
    expect(tagsOf('schema.content-type.changed', { ...type, version: 1 })).toEqual([`w-${w}`])
    const locales = { websiteId: w, name: '', version: null, locales: true }
    expect(tagsOf('schema.content-type.changed', locales)).toEqual([`w-${w}`])
  })

  it('when a cache.purge message arrives, then its tags changed as given', () => {
    const message = { websiteId: w, tags: [`m-${id}`, `ml-${w}`] }
    expect(tagsOf('cache.purge', message)).toEqual([`m-${id}`, `ml-${w}`])
  })

  it('when a message cannot be read, then it names no change', () => {
    expect(changedTagsOf('entry.create', 'not json')).toBeUndefined()
    expect(changedTagsOf('cache.purge', 'null')).toBeUndefined()
    expect(tagsOf('entry.create', { websiteId: w })).toBeUndefined()
    expect(tagsOf('schema.content-type.changed', { name: 'article' })).toBeUndefined()
    expect(tagsOf('cache.purge', { websiteId: w, tags: [] })).toBeUndefined()
    // A tag with a space or a comma would split into others in the purge headers.
    expect(tagsOf('cache.purge', { websiteId: w, tags: ['d-1 d-2'] })).toBeUndefined()
    expect(tagsOf('cache.purge', { websiteId: w, tags: ['a,b'] })).toBeUndefined()
  })
})
