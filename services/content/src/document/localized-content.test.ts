import { describe, expect, it } from 'vitest'
import type { ContentType, FieldDefinition } from '@cms/content-model'
import { requireSharedValuesShared, typeLocales } from './localized-content.ts'

const field = (name: string, more: Partial<FieldDefinition> = {}): FieldDefinition => ({
  name,
  label: name,
  type: 'text',
  required: false,
  ...more,
})

const type = {
  name: 'guide',
  localized: true,
  fields: [
    field('title'),
    field('labels', {
      type: 'component',
      component: 'labels',
      localized: false,
      fields: [field('en'), field('fr')],
    }),
    field('seo', {
      type: 'component',
      component: 'seo',
      localized: false,
      fields: [field('title')],
    }),
  ],
} as ContentType
const at = typeLocales(type, [{ code: 'en', default: true }, { code: 'fr' }])

describe('requireSharedValuesShared', () => {
  it('when a shared component is sent keyed by locale, then it is refused at the field', () => {
    expect(() =>
      requireSharedValuesShared(type, at, { seo: { en: { title: 'a' }, fr: { title: 'b' } } }),
    ).toThrow(expect.objectContaining({ details: [expect.objectContaining({ path: 'data.seo' })] }))
  })

  it('when a shared component has fields named like locales, then its value is one value', () => {
    expect(() =>
      requireSharedValuesShared(type, at, { labels: { en: 'Yes', fr: 'Oui' } }),
    ).not.toThrow()
  })
})
