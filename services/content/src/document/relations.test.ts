import { describe, expect, it } from 'vitest'
import { heldIds, withRefs } from './relations.ts'
import type { DocumentState } from './document.ts'
import { LANDING_FIELDS } from './structured-fields.fixture.ts'

const type = { fields: LANDING_FIELDS }
type Held = Pick<DocumentState, 'data' | 'locales' | 'refs' | 'pendingDraft'>

const landing = {
  title: 'Home',
  author: 'p-author',
  seo: { title: 'Home', image: 'm-seo' },
  specs: [{ label: 'a' }, { label: 'b', source: 'p-spec' }],
  sections: [
    { __component: 'hero', heading: 'Hi', image: 'm-hero' },
    { __component: 'quote', text: 'So true', by: 'p-quote' },
    { __component: 'grid', cards: [{ title: 'c' }, { title: 'd', gallery: ['m-1', 'm-2'] }] },
  ],
}

describe('heldIds', () => {
  it('when ids sit in components, repeatable components, blocks and components inside blocks, then each is found with its exact path', () => {
    expect(heldIds(LANDING_FIELDS, landing).map(({ path, ids }) => [path, ids])).toEqual([
      ['data.author', ['p-author']],
      ['data.seo.image', ['m-seo']],
      ['data.specs[1].source', ['p-spec']],
      ['data.sections[0].image', ['m-hero']],
      ['data.sections[1].by', ['p-quote']],
      ['data.sections[2].cards[1].gallery', ['m-1', 'm-2']],
    ])
  })
})

describe('withRefs', () => {
  it('when a document holds ids at every depth, then refs are all of them, sorted', () => {
    const state = withRefs<Held>({ data: landing }, type)
    expect(state.refs).toEqual(['m-1', 'm-2', 'm-hero', 'm-seo', 'p-author', 'p-quote', 'p-spec'])
  })

  it('when ids sit only in another locale or in the pending draft, then refs hold them too', () => {
    const state = withRefs<Held>(
      {
        data: { title: 'Home' },
        locales: { fr: { seo: { title: 'Accueil', image: 'm-fr' } } },
        pendingDraft: {
          data: { title: 'Home', sections: [{ __component: 'quote', by: 'p-draft' }] },
          locales: { de: { seo: { title: 'Start', image: 'm-de' } } },
          updatedAt: new Date(0),
        },
      },
      type,
    )
    expect(state.refs).toEqual(['m-de', 'm-fr', 'p-draft'])
  })

  it('when the blocks that held ids are gone, then refs are dropped', () => {
    const state = withRefs({ data: { title: 'Bare', sections: [] }, refs: ['p-quote'] }, type)
    expect(state).toEqual({ data: { title: 'Bare', sections: [] } })
  })
})
