import { describe, expect, it } from 'vitest'
import type { Field } from '../fields/field-props.ts'
import { AS_STORED, fieldText } from './field-text.ts'

const field = (name: string, type: Field['type'], more: Partial<Field> = {}): Field => ({
  name,
  label: name[0]?.toUpperCase() + name.slice(1),
  type,
  required: false,
  ...more,
})
const SECTIONS = field('sections', 'blocks', {
  components: ['hero', 'quote'],
  blocks: [
    { name: 'hero', fields: [field('title', 'text'), field('image', 'media')] },
    { name: 'quote', fields: [field('text', 'textarea'), field('tags', 'tags')] },
  ],
})
const names = {
  ofId: (id: string) => (id === 'm1' ? 'quay.png' : id),
  ofComponent: (name: string) => ({ hero: 'Hero', quote: 'Quote' })[name] ?? name,
}

describe("the history's text of nested values", () => {
  it('when a blocks value is shown, then each item is numbered and named by its component, its fields indented, media by name', () => {
    const value = [
      { __component: 'hero', title: 'Welcome', image: 'm1' },
      { __component: 'quote', text: 'Short', tags: ['a', 'b'] },
    ]
    expect(fieldText(SECTIONS, value, names)).toBe(
      '1. Hero\n  Title: Welcome\n  Image: quay.png\n2. Quote\n  Text: Short\n  Tags: a, b',
    )
  })

  it('when two values differ only in the order of their members, then their stored texts are equal, and a move is a difference', () => {
    const a = [
      { __component: 'hero', title: 'W', image: 'm1' },
      { __component: 'quote', text: 'Q' },
    ]
    const b = [
      { image: 'm1', title: 'W', __component: 'hero' },
      { text: 'Q', __component: 'quote' },
    ]
    expect(fieldText(SECTIONS, a, AS_STORED)).toBe(fieldText(SECTIONS, b, AS_STORED))
    expect(fieldText(SECTIONS, [...a].reverse(), AS_STORED)).not.toBe(
      fieldText(SECTIONS, a, AS_STORED),
    )
  })

  it('when a component and a repeatable component are shown, then one is its fields and the other its numbered items', () => {
    const seo = field('seo', 'component', {
      component: 'seo',
      fields: [field('metaTitle', 'text')],
    })
    expect(fieldText(seo, { metaTitle: 'Hello' }, names)).toBe('MetaTitle: Hello')
    const links = { ...seo, repeatable: true }
    expect(fieldText(links, [{ metaTitle: 'A' }, { metaTitle: 'B' }], names)).toBe(
      '1. seo\n  MetaTitle: A\n2. seo\n  MetaTitle: B',
    )
  })
})
