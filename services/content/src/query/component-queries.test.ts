import qs from 'qs'
import { describe, expect, it } from 'vitest'
import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import { parseQueryString } from '@cms/http'
import {
  CONTENT_TYPES,
  PAGE,
  component,
  contentType,
  field,
  relation,
} from './content-types.fixture.ts'
import { mongoFilterOf, parseListQuery } from './list-query.ts'
import { readPopulate } from './populate-param.ts'

const TYPES = [...CONTENT_TYPES, PAGE]
const ID = '0b4f3c9e-8a9d-4c1e-9f3a-2d6b7e8f9a0b'
const parse = (query: string) => parseListQuery(query, { contentTypes: TYPES })
const filterOf = (query: string) => mongoFilterOf(parse(query).where)

function detailsOf(query: string): ErrorDetail[] {
  try {
    parse(query)
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError)
    return [...((error as ValidationError).details ?? [])]
  }
  throw new Error(`expected ${query} to be refused`)
}

describe('filters and sort on component fields', () => {
  it.each([
    'type=page&filters[seo][title][$eq]=x',
    'type=page&filters[seo.title][$eq]=x',
    'type=page&filters[data.seo.title][$eq]=x',
    'type=page&filters[data][seo][title][$eq]=x',
    'type=page&filters[seo][title]=x',
  ])('when %s names a field of a component, then the condition is on its stored path', (query) => {
    expect(filterOf(query)).toEqual({
      $and: [{ type: { $eq: 'page' } }, { 'data.seo.title': { $eq: 'x' } }],
    })
  })

  it("when a condition uses a component field's own kind, then its operators and coercion apply", () => {
    expect(filterOf('type=page&filters[seo][score][$gte]=5')).toEqual({
      $and: [{ type: { $eq: 'page' } }, { 'data.seo.score': { $gte: 5 } }],
    })
    expect(detailsOf('type=page&filters[seo][score][$contains]=x')).toEqual([
      {
        path: 'filters[seo][score][$contains]',
        message: '$contains does not apply to integer field "data.seo.score"',
      },
    ])
  })

  it('when the component nests another, then its fields are reached by the dotted path', () => {
    expect(filterOf('type=page&filters[seo][og][title][$eqi]=a')).toEqual({
      $and: [
        { type: { $eq: 'page' } },
        { 'data.seo.og.title': { $regex: '^a\\z', $options: 'i' } },
      ],
    })
  })

  it('when the component holds a relation, then its ids and its documents’ fields are filterable', () => {
    const query = parse('type=page&filters[seo][author][title][$eq]=x')
    expect(query.where).toMatchObject({
      children: [
        {},
        {
          path: 'data.title',
          via: { path: 'data.seo.author', target: 'post' },
        },
      ],
    })
    expect(filterOf(`type=page&filters[seo][author][$eq]=${ID}`)).toMatchObject({
      $and: [{}, { 'data.seo.author': { $eq: ID } }],
    })
  })

  it("when a relation's target has a component, then its fields are reached through the relation in either form", () => {
    const review = contentType('review', [relation('page', 'page')])
    const types = [...TYPES, review]
    for (const query of [
      'type=review&filters[page][seo][title][$eq]=x',
      'type=review&filters[page.seo.title][$eq]=x',
    ]) {
      expect(parseListQuery(query, { contentTypes: types }).where).toMatchObject({
        children: [
          {},
          { path: 'data.seo.title', operator: '$eq', via: { path: 'data.page', target: 'page' } },
        ],
      })
    }
  })

  it('when a component value as a whole is tested for null, then $null applies to it', () => {
    expect(filterOf('type=page&filters[seo][$null]=true')).toEqual({
      $and: [{ type: { $eq: 'page' } }, { 'data.seo': { $eq: null } }],
    })
  })

  it('when sort names a field of a component, then the list sorts by its stored path', () => {
    expect(parse('type=page&sort=seo.title,-data.seo.score').sort).toEqual([
      ['data.seo.title', 1],
      ['data.seo.score', -1],
      ['_id', -1],
    ])
    expect(parse('type=page&sort=seo.og.title:desc').sort[0]).toEqual(['data.seo.og.title', -1])
  })

  it.each([
    ['type=page&filters[sections][heading][$eq]=x', 'filters[sections][heading]', 'sections'],
    ['type=page&filters[cards][label][$eq]=x', 'filters[cards][label]', 'cards'],
    ['type=page&filters[seo][links][url][$eq]=x', 'filters[seo][links][url]', 'links'],
    ['type=page&sort=sections.heading', 'sort', 'sections'],
    ['type=page&sort=cards.label', 'sort', 'cards'],
  ])(
    'when %s reaches into blocks or a repeatable component, then 422 says it holds a list',
    (query, path, name) => {
      expect(detailsOf(query)).toEqual([
        { path, message: expect.stringContaining(`"${name}" holds a list`) },
      ])
      expect(detailsOf(query)[0]!.message).toContain('not filterable or sortable')
    },
  )

  it('when a name inside a component is unknown, then 422 names the component it was looked for in', () => {
    expect(detailsOf('type=page&filters[seo][nosuch][$eq]=x')).toEqual([
      {
        path: 'filters[seo][nosuch]',
        message: 'unknown field "seo.nosuch": not declared by component field "seo"',
      },
    ])
  })

  it('when a component field itself is sorted on, then 422', () => {
    expect(detailsOf('type=page&sort=seo')).toEqual([
      { path: 'sort', message: 'cannot sort by opaque field "seo"' },
    ])
  })

  it('when types declare the same component field with fields that compare differently, then type is needed', () => {
    const other = contentType('other', [component('seo', [field('title', 'integer')])])
    let details: unknown
    try {
      parseListQuery('filters[seo][title][$eq]=1', { contentTypes: [PAGE, other] })
    } catch (error) {
      details = (error as ValidationError).details
    }
    expect(details).toEqual([
      {
        path: 'filters[seo][title]',
        message:
          'field "seo.title" has different types in page (text), other (integer); add type=<name> to choose one',
      },
    ])
  })
})

describe('fields with component fields', () => {
  it('when fields names component and blocks fields, then they are projected whole', () => {
    expect(parse('type=page&fields=seo,title,sections').projection).toEqual({
      _id: 1,
      'data.seo': 1,
      'data.title': 1,
      'data.sections': 1,
    })
  })

  it('when fields names a field inside a component, then 422 asks for the whole field', () => {
    expect(detailsOf('type=page&fields=seo.title')).toEqual([
      {
        path: 'fields',
        message: 'fields selects whole fields: name "seo" rather than "seo.title"',
      },
    ])
  })
})

const readOnPage = (query: string) =>
  readPopulate(parseQueryString(query).populate, { types: TYPES, scope: [PAGE] })

describe('populate into components', () => {
  it('when a component field is named with populate, then its items’ relation and media fields are read', () => {
    const query = qs.stringify({ populate: { seo: { populate: { image: true, author: '*' } } } })
    expect(readOnPage(query)).toEqual({
      issues: [],
      populate: [
        {
          name: 'seo',
          inline: true,
          next: [
            { name: 'image', next: [], media: true },
            { name: 'author', next: [] },
          ],
        },
      ],
    })
  })

  it('when blocks are populated with *, then the relation and media fields of every allowed component are', () => {
    expect(readOnPage('populate[sections][populate]=*').populate).toEqual([
      {
        name: 'sections',
        inline: true,
        next: [
          { name: 'by', next: [] },
          { name: 'image', next: [], media: true },
        ],
      },
    ])
  })

  it('when populate=* is sent, then only relation and media fields of the document are: components stay as stored', () => {
    const post = contentType('post', [
      field('title', 'text'),
      field('cover', 'media'),
      component('seo', [field('image', 'media')]),
    ])
    const read = readPopulate('*', { types: [post], scope: [post] })
    expect(read.populate).toEqual([{ name: 'cover', next: [], media: true }])
  })

  it('when a component is named alone, then it is accepted and populates nothing inside', () => {
    expect(readOnPage('populate=seo,sections').populate).toEqual([
      { name: 'seo', inline: true, next: [] },
      { name: 'sections', inline: true, next: [] },
    ])
  })

  it('when components nest and a relation inside reaches further, then each relation level counts and components do not', () => {
    const query = qs.stringify({
      populate: {
        cards: { populate: { post: { fields: ['title'], populate: '*' } } },
        seo: { populate: { og: { populate: '*' } } },
      },
    })
    const read = readOnPage(query)
    expect(read.issues).toEqual([])
    expect(read.populate![0]).toEqual({
      name: 'cards',
      inline: true,
      next: [{ name: 'post', fields: ['data.title'], next: [] }],
    })
  })

  it('when a component is asked for fields or an unknown name, then 422 says what it takes', () => {
    const query = qs.stringify({
      populate: { seo: { fields: ['title'], populate: { title: true } } },
    })
    expect(readOnPage(query).issues).toEqual([
      {
        path: 'populate[seo][fields]',
        message: 'a component or blocks field is shown whole; it takes populate here',
      },
      {
        path: 'populate[seo][populate][title]',
        message:
          '"title" is not a relation field (relation fields: author, image; component fields: og, links)',
      },
    ])
  })
})
