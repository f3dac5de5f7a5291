import { describe, expect, it } from 'vitest'
import { tagsOfWrite } from './write-tags.ts'

const w = 'site'

describe('tags of a write', () => {
  it('when a document write answers with the document, then its answers and its type lists', () => {
    const tags = tagsOfWrite({
      websiteId: w,
      operationId: 'publishDocument',
      params: { id: 'd1' },
      answer: { id: 'd1', type: 'article' },
    })
    expect(tags).toEqual(['d-d1', 'l-site-article'])
  })

  it('when a delete answers without a body, then the document and every list of the website', () => {
    const tags = tagsOfWrite({
      websiteId: w,
      operationId: 'deleteDocument',
      params: { id: 'd1' },
      answer: undefined,
    })
    expect(tags).toEqual(['d-d1', 'l-site-*'])
  })

  it('when media or a type change, then their own tags; anything else names the website', () => {
    expect(
      tagsOfWrite({ websiteId: w, operationId: 'updateMedia', params: { id: 'm1' }, answer: {} }),
    ).toEqual(['m-m1', 'ml-site'])
    expect(
      tagsOfWrite({
        websiteId: w,
        operationId: 'deleteContentType',
        params: { name: 'article' },
        answer: undefined,
      }),
    ).toEqual(['t-site-article'])
    expect(
      tagsOfWrite({ websiteId: w, operationId: 'setLocales', params: {}, answer: undefined }),
    ).toEqual(['w-site'])
    expect(
      tagsOfWrite({ websiteId: w, operationId: 'createContentType', params: {}, answer: {} }),
    ).toEqual(['w-site'])
  })
})
