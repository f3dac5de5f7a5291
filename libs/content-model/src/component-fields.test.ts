import { describe, expect, it } from 'vitest'
import { validatedData } from './canonical-data.ts'
import {
  componentReferenceProblems,
  forEachFieldValue,
  MAX_COMPONENT_DEPTH,
  resolveComponents,
} from './component-fields.ts'
import type { FieldDefinition } from './content-type.ts'
import { dataValidatorFor } from './data-validator.ts'
import { fieldRuleProblems } from './validate-field-definition.ts'

const field = (
  name: string,
  type: FieldDefinition['type'],
  extra: Partial<FieldDefinition> = {},
): FieldDefinition => ({ name, label: name, type, required: false, ...extra })

const IMAGE_ID = '0190b0c4-8a1f-7c3e-9d2a-4b5c6d7e8f90'
const components: Record<string, { fields: FieldDefinition[] }> = {
  seo: { fields: [field('title', 'text', { required: true }), field('image', 'media')] },
  hero: {
    fields: [field('heading', 'text', { required: true }), field('image', 'media')],
  },
  quote: { fields: [field('text', 'textarea'), field('at', 'datetime')] },
  link: { fields: [field('url', 'url')] },
}
const lookup = (name: string) => components[name]

const landing = {
  name: 'landing',
  fields: resolveComponents(
    [
      field('seo', 'component', { component: 'seo' }),
      field('links', 'component', { component: 'link', repeatable: true, max: 2 }),
      field('sections', 'blocks', { components: ['hero', 'quote'], min: 1 }),
    ],
    lookup,
  ),
}
const problemsOf = (data: unknown) => dataValidatorFor(landing).validate(data)

describe('components and blocks in document data', () => {
  it('when every value has its component’s shape, then the data is valid', () => {
    expect(
      problemsOf({
        seo: { title: 'Home' },
        links: [{ url: 'https://example.com' }],
        sections: [
          { __component: 'hero', heading: 'Hi', image: IMAGE_ID },
          { __component: 'quote', text: 'So it goes' },
        ],
      }),
    ).toEqual([])
  })

  it('when a nested value is wrong, then the problem names its exact path', () => {
    expect(
      problemsOf({
        seo: { image: 'not-an-id' },
        links: [{ url: 'ftp://x' }],
        sections: [
          { __component: 'quote', text: 'ok' },
          { __component: 'quote', text: 'ok' },
          { __component: 'hero', heading: 'x', image: 42, extra: 1 },
        ],
      }),
    ).toEqual(
      expect.arrayContaining([
        { path: 'data.seo.title', message: 'is required' },
        { path: 'data.seo.image', message: 'must be a media id' },
        { path: 'data.links[0].url', message: 'must be an absolute http or https URL' },
        { path: 'data.sections[2].image', message: 'must be a media id' },
        { path: 'data.sections[2].extra', message: 'is not a field of component hero' },
      ]),
    )
  })

  it('when a block names no allowed component, then __component is refused with the choices', () => {
    expect(problemsOf({ sections: [{ __component: 'seo', title: 'x' }] })).toEqual([
      { path: 'data.sections[0].__component', message: 'must be one of: hero, quote' },
    ])
    expect(problemsOf({ sections: [{ heading: 'x' }] })).toEqual([
      expect.objectContaining({ path: 'data.sections[0].__component' }),
    ])
  })

  it('when a list has fewer or more items than min and max, then the count is refused', () => {
    expect(problemsOf({ sections: [] })).toEqual([
      { path: 'data.sections', message: 'must have at least 1 items' },
    ])
    expect(problemsOf({ links: [{}, {}, {}] })).toEqual([
      { path: 'data.links', message: 'must have at most 2 items' },
    ])
  })

  it('when a component value is not an object, then it says what it must be', () => {
    expect(problemsOf({ seo: 'x', links: ['y'] })).toEqual([
      { path: 'data.seo', message: 'must be an object with the fields of component seo' },
      { path: 'data.links[0]', message: 'must be an object' },
    ])
  })

  it('when a datetime sits in a block, then it is stored in UTC like a top-level one', () => {
    const stored = validatedData(landing, {
      sections: [{ __component: 'quote', at: '2024-05-01T11:00:00+01:00' }],
    })
    expect(stored.sections).toEqual([{ __component: 'quote', at: '2024-05-01T10:00:00.000Z' }])
  })

  it('when walking data, then every nested value is visited with its path', () => {
    const seen: string[] = []
    forEachFieldValue(
      landing.fields,
      { seo: { title: 't' }, sections: [{ __component: 'hero', image: IMAGE_ID }] },
      (visited, value, path) => {
        if (visited.type === 'media' && value) seen.push(`${path}=${String(value)}`)
      },
    )
    expect(seen).toEqual([`data.sections[0].image=${IMAGE_ID}`])
  })
})

describe('component references of a definition', () => {
  it('when a field names an unknown component, then the problem is at its component member', () => {
    expect(
      componentReferenceProblems(
        [
          field('a', 'component', { component: 'nope' }),
          field('b', 'blocks', { components: ['hero', 'gone'] }),
        ],
        lookup,
      ),
    ).toEqual([
      { path: 'fields[0].component', message: 'names no component of this website: "nope"' },
      { path: 'fields[1].components[1]', message: 'names no component of this website: "gone"' },
    ])
  })

  it('when components lead back to the one being saved, then the cycle is named', () => {
    const cyclic = {
      a: { fields: [field('b', 'component', { component: 'b' })] },
      b: { fields: [field('a', 'component', { component: 'a' })] },
    }
    expect(
      componentReferenceProblems(cyclic.a.fields, (name) => cyclic[name as 'a' | 'b'], {
        trail: ['a'],
      }),
    ).toEqual([{ path: 'fields[0].component', message: 'makes a cycle: a > b > a' }])
  })

  it(`when components nest ${MAX_COMPONENT_DEPTH} levels deep, then that is the limit; one more is refused`, () => {
    const chain = (levels: number) => {
      const defined: Record<string, { fields: FieldDefinition[] }> = {}
      for (let level = 1; level <= levels; level++)
        defined[`c${level}`] = {
          fields:
            level < levels
              ? [field('inner', 'component', { component: `c${level + 1}` })]
              : [field('t', 'text')],
        }
      return (name: string) => defined[name]
    }
    const top = [field('top', 'component', { component: 'c1' })]
    expect(componentReferenceProblems(top, chain(MAX_COMPONENT_DEPTH))).toEqual([])
    expect(componentReferenceProblems(top, chain(MAX_COMPONENT_DEPTH + 1))).toEqual([
      {
        path: 'fields[0].component',
        message: `nests components more than ${MAX_COMPONENT_DEPTH} levels deep`,
      },
    ])
  })
})

describe('field rules of the new options', () => {
  it('when min or max is set on a component that is not repeatable, then it is refused', () => {
    expect(
      fieldRuleProblems({ name: 's', type: 'component', component: 'seo', min: 1 }, 'fields[0]'),
    ).toEqual([
      {
        path: 'fields[0].min',
        message: 'is allowed for a component field only with repeatable: true',
      },
    ])
  })

  it('when a component or blocks field lacks what it names, then that option is required', () => {
    expect(fieldRuleProblems({ name: 's', type: 'blocks' }, 'f')).toEqual([
      { path: 'f.components', message: 'is required for a blocks field' },
    ])
  })

  it('when a pattern uses what RE2 cannot run in linear time, then it is refused', () => {
    for (const pattern of ['(a)\\1', '(?=a)b']) {
      expect(fieldRuleProblems({ name: 's', type: 'text', pattern }, 'f')).toEqual([
        { path: 'f.pattern', message: expect.stringContaining('RE2 syntax') },
      ])
    }
    expect(fieldRuleProblems({ name: 's', type: 'text', patternMessage: 'x' }, 'f')).toEqual([
      { path: 'f.patternMessage', message: 'is allowed only with pattern' },
    ])
  })

  it('when a value does not match a pattern, then patternMessage is the message; a hostile pattern stays linear', () => {
    const code = {
      name: 'p',
      fields: [
        field('code', 'text', { pattern: '^(a+)+$', patternMessage: 'must be only a letters' }),
      ],
    }
    expect(dataValidatorFor(code).validate({ code: `${'a'.repeat(100_000)}b` })).toEqual([
      { path: 'data.code', message: 'must be only a letters' },
    ])
    expect(dataValidatorFor(code).validate({ code: 'aaa' })).toEqual([])
  })
})
