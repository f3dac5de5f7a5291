import { describe, expect, it } from 'vitest'
import {
  missingTargetProblems,
  referencedTypeConflict,
  relationReferrers,
  targetsOtherTypes,
} from './relation-targets.ts'
import { declarationsOf } from './website-type-index.ts'

const relation = (name: string, target: unknown, many?: boolean) => ({
  name,
  type: 'relation',
  target,
  ...(many === undefined ? {} : { many }),
})

describe('missingTargetProblems', () => {
  it('when every target is a type of the website or the type itself, then there is none', () => {
    const fields = [relation('author', 'person'), relation('related', 'article', true)]
    expect(missingTargetProblems(fields, 'article', ['person'])).toEqual([])
  })

  it('when targets name no type, then one detail per field, at its index, naming the type', () => {
    const fields = [
      { name: 'title', type: 'text' },
      relation('author', 'person'),
      relation('tags', 'tag'),
    ]
    expect(missingTargetProblems(fields, 'article', ['tag'])).toEqual([
      {
        path: 'fields[1].target',
        message: 'must name a content type of this website; there is no content type person',
      },
    ])
  })

  it.each<[string, unknown]>([
    ['fields that are not an array', { author: relation('author', 'person') }],
    ['a target that is not a type name', [relation('author', 'Not A Name')]],
    ['a target that is not a string', [relation('author', 7)]],
    ['a target on another field type', [{ name: 'author', type: 'text', target: 'person' }]],
    ['an element that is not an object', [null, 'relation']],
  ])(
    'when the definition has %s, then the definition check reports it, not this one',
    (_, fields) => {
      expect(missingTargetProblems(fields, 'article', [])).toEqual([])
    },
  )
})

describe('targetsOtherTypes', () => {
  it.each<[unknown, boolean]>([
    [undefined, false],
    [[], false],
    [[relation('related', 'article')], false],
    [[relation('related', 'article'), relation('author', 'person')], true],
  ])('when the fields are %j, then %s', (fields, expected) => {
    expect(targetsOtherTypes(fields, 'article')).toBe(expected)
  })
})

describe('relationReferrers', () => {
  const declarations = {
    tag: declarationsOf([{ name: 'parent', type: 'relation', target: 'tag' }]),
    page: declarationsOf([
      { name: 'tags', type: 'relation', target: 'tag', many: true },
      { name: 'title', type: 'text' },
    ]),
    article: declarationsOf([
      { name: 'tags', type: 'relation', target: 'tag', many: true },
      { name: 'author', type: 'relation', target: 'person' },
    ]),
  }

  it('when other types target the type, then their fields, sorted by type, without the type itself', () => {
    expect(relationReferrers(declarations, 'tag')).toEqual([
      { type: 'article', field: 'tags' },
      { type: 'page', field: 'tags' },
    ])
  })

  it('when only the type itself targets it, then none', () => {
    expect(relationReferrers({ tag: declarations.tag }, 'tag')).toEqual([])
  })
})

describe('referencedTypeConflict', () => {
  it('when twelve fields refer, then the message names ten and the details all twelve', () => {
    const referrers = Array.from({ length: 12 }, (_, i) => ({ type: `t${i}`, field: 'rel' }))
    const error = referencedTypeConflict('tag', referrers)
    expect(error.code).toBe('CONFLICT')
    expect(error.message).toContain('t0.rel, t1.rel')
    expect(error.message).toContain('t9.rel and 2 more')
    expect(error.message).not.toContain('t10.rel')
    expect(error.details).toHaveLength(12)
    expect(error.details?.[11]).toEqual({
      path: 't11.rel',
      message: 'is a relation field of content type t11 targeting tag',
    })
  })
})

describe('declarationsOf', () => {
  it('when a field is a relation, then its target and many (false when unset) come along; others keep name and type', () => {
    expect(
      declarationsOf([
        { name: 'title', type: 'text' },
        { name: 'author', type: 'relation', target: 'person' },
        { name: 'tags', type: 'relation', target: 'tag', many: true },
      ]),
    ).toEqual([
      { name: 'title', type: 'text' },
      { name: 'author', type: 'relation', target: 'person', many: false },
      { name: 'tags', type: 'relation', target: 'tag', many: true },
    ])
  })
})
