import { describe, expect, it } from 'vitest'
import { boundedTags, MAX_TAG_HEADER_LENGTH } from './answer-tags.ts'

const w = 'site'

describe('tags of an answer', () => {
  it('when the tags fit the header, then they are kept as they are', () => {
    const tags = new Set(['w-site', 't-site-post', 'd-1', 'm-2'])
    expect(boundedTags(w, tags)).toEqual(tags)
  })

  it("when they do not, then documents give way to their types' lists and media to the media lists", () => {
    const many = Array.from(
      { length: 400 },
      (_, n) => `d-00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    )
    const tags = new Set(['w-site', 't-site-post', 't-site-author', 'l-site-post', 'm-9', ...many])
    const bounded = boundedTags(w, tags)
    expect([...bounded].sort()).toEqual(
      ['w-site', 't-site-post', 't-site-author', 'l-site-post', 'l-site-author', 'ml-site'].sort(),
    )
    expect([...bounded].join(' ').length).toBeLessThanOrEqual(MAX_TAG_HEADER_LENGTH)
  })
})
