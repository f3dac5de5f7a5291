import { describe, expect, it } from 'vitest'
import type { Field } from '../fields/field-props.ts'
import { placeProblems, shownPaths } from './problem-places.ts'

const text = (name: string): Field => ({ name, label: name, type: 'text', required: false })
const hero: Field[] = [text('title'), { ...text('tags'), type: 'tags' }]
const FIELDS: Field[] = [
  text('title'),
  {
    name: 'seo',
    label: 'SEO',
    type: 'component',
    component: 'seo',
    required: false,
    fields: [text('metaTitle')],
  },
  {
    name: 'sections',
    label: 'Sections',
    type: 'blocks',
    components: ['hero', 'quote'],
    required: false,
    blocks: [
      { name: 'hero', fields: hero },
      { name: 'quote', fields: [text('text')] },
    ],
  },
]

describe("the form's placing of the API's problems", () => {
  it('when a document has blocks, then every field, nested field and item is a shown path, an empty component’s fields too', () => {
    const data = {
      sections: [
        { __component: 'quote', text: 'q' },
        { __component: 'hero' },
        { __component: 'gone' },
      ],
    }
    expect([...shownPaths(FIELDS, data)].sort()).toEqual(
      [
        'title',
        'seo',
        'seo.metaTitle',
        'sections',
        'sections[0]',
        'sections[0].text',
        'sections[1]',
        'sections[1].title',
        'sections[1].tags',
      ].sort(),
    )
  })

  it('when details name nested values, then each goes to the deepest shown path holding it and the rest above the form', () => {
    const data = { sections: [{ __component: 'hero', title: 'x', tags: ['a', 7] }] }
    const placed = placeProblems(
      {
        byPath: {
          'sections[0].title': ['too short'],
          'sections[0].tags[1]': ['must be a string'],
          'sections[0].extra': ['is not a field'],
          'seo.metaTitle': ['required'],
          'sections[4].title': ['required'],
          nothing: ['is not a field'],
        },
        other: ['slug: taken'],
      },
      shownPaths(FIELDS, data),
    )
    expect(placed.at('sections[0].title')).toEqual(['too short'])
    expect(placed.at('sections[0].tags')).toEqual(['must be a string'])
    expect(placed.at('sections[0]')).toEqual(['is not a field'])
    expect(placed.at('seo.metaTitle')).toEqual(['required'])
    expect(placed.at('sections')).toEqual(['required'])
    expect(placed.other).toEqual(['slug: taken', 'nothing: is not a field'])
  })
})
