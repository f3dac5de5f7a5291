import { describe, expect, it } from 'vitest'
import {
  cacheTagOf,
  cacheTags,
  surrogateKeyOf,
  tagsOfEntryEvent,
  tagsOfHeader,
  tagsOfMediaChange,
  tagsOfTypeChange,
} from './cache-tags.ts'

const w = '6a1f0c2e-0000-4000-8000-000000000001'
const doc = '6a1f0c2e-0000-4000-8000-000000000002'

describe('cache tags', () => {
  it('when tags are named, then each kind has its own prefix', () => {
    expect([
      cacheTags.website(w),
      cacheTags.type(w, 'article'),
      cacheTags.list(w, 'article'),
      cacheTags.document(doc),
      cacheTags.media(doc),
      cacheTags.mediaList(w),
    ]).toEqual([`w-${w}`, `t-${w}-article`, `l-${w}-article`, `d-${doc}`, `m-${doc}`, `ml-${w}`])
  })

  it('when a document changes, then its answers and the lists of its type are named', () => {
    const event = { eventId: 'e', websiteId: w, contentType: 'article', document: { id: doc } }
    expect(tagsOfEntryEvent(event)).toEqual([`d-${doc}`, `l-${w}-article`])
  })

  it('when a type changes or is deleted, then its answers are named; a new type, locales or a component name the website', () => {
    expect(tagsOfTypeChange({ websiteId: w, name: 'article', version: 4 })).toEqual([
      `t-${w}-article`,
    ])
    expect(tagsOfTypeChange({ websiteId: w, name: 'article', version: null })).toEqual([
      `t-${w}-article`,
    ])
    expect(tagsOfTypeChange({ websiteId: w, name: 'article', version: 1 })).toEqual([`w-${w}`])
    expect(tagsOfTypeChange({ websiteId: w, name: '', locales: true })).toEqual([`w-${w}`])
    expect(tagsOfTypeChange({ websiteId: w, name: 'seo', component: true })).toEqual([`w-${w}`])
  })

  it('when a media file changes, then its answers and the media lists are named', () => {
    expect(tagsOfMediaChange(w, doc)).toEqual([`m-${doc}`, `ml-${w}`])
  })

  it('when tags go in headers, then Surrogate-Key joins by spaces, Cache-Tag by commas, and both read back', () => {
    const tags = [cacheTags.website(w), cacheTags.document(doc)]
    expect(surrogateKeyOf(tags)).toBe(`w-${w} d-${doc}`)
    expect(cacheTagOf(tags)).toBe(`w-${w},d-${doc}`)
    expect(tagsOfHeader(surrogateKeyOf(tags))).toEqual(tags)
    expect(tagsOfHeader(cacheTagOf(tags))).toEqual(tags)
    expect(tagsOfHeader('')).toEqual([])
  })
})
