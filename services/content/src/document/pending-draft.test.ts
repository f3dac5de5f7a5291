import { describe, expect, it } from 'vitest'
import { declaredOnly } from './pending-draft.ts'
import { LANDING_FIELDS } from './structured-fields.fixture.ts'

describe('declaredOnly', () => {
  it('when stored values hold fields the type or its components no longer declare, then they are dropped at every depth', () => {
    const stored = {
      title: 'Home',
      removed: 1,
      seo: { title: 'Home', keywords: 'gone' },
      specs: [{ label: 'a', unit: 'gone' }],
      sections: [
        { __component: 'hero', heading: 'Hi', subtitle: 'gone' },
        { __component: 'banner', text: 'a component the blocks no longer allow' },
        { __component: 'grid', cards: [{ title: 'c', colour: 'gone' }] },
      ],
    }
    expect(declaredOnly({ fields: LANDING_FIELDS }, stored)).toEqual({
      title: 'Home',
      seo: { title: 'Home' },
      specs: [{ label: 'a' }],
      sections: [
        { __component: 'hero', heading: 'Hi' },
        { __component: 'grid', cards: [{ title: 'c' }] },
      ],
    })
  })

  it('when values do not have the shape of their field, then they are left for the validator to refuse', () => {
    const stored = { seo: 'text', specs: { label: 'not a list' }, sections: [7] }
    expect(declaredOnly({ fields: LANDING_FIELDS }, stored)).toEqual(stored)
  })
})
