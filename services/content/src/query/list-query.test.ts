import qs from 'qs'
import { describe, expect, it } from 'vitest'
import { CONTENT_TYPES } from './content-types.fixture.ts'
import { mongoFilterOf, parseListQuery } from './list-query.ts'

const parse = (query: string) => parseListQuery(query, { contentTypes: CONTENT_TYPES })
const filtersOf = (filters: object, extra: object = {}) =>
  mongoFilterOf(parse(qs.stringify({ ...extra, filters }, { encodeValuesOnly: true })).where)
const only = (condition: object) => ({ $and: [condition] })
const date = (iso: string) => new Date(iso)
/** The parsed query with its filter as MongoDB's, as the list's store query gets it. */
const parsedFilter = (query: string) => {
  const { where, ...rest } = parse(query)
  return { ...rest, filter: mongoFilterOf(where) }
}

describe('parseListQuery defaults', () => {
  it('when the query string is empty, then it lists page 1 of 20, newest first, everything', () => {
    expect(parsedFilter('')).toEqual({
      filter: {},
      draft: false,
      sort: [
        ['createdAt', -1],
        ['_id', -1],
      ],
      page: 1,
      limit: 20,
    })
  })

  it('when the string starts with "?", then the prefix is ignored', () => {
    expect(parse('?page=2').page).toBe(2)
  })

  it('when page, limit, draft and type are given, then they are read and type restricts the filter', () => {
    expect(parsedFilter('page=3&limit=100&draft=true&type=post')).toEqual({
      filter: only({ type: { $eq: 'post' } }),
      type: 'post',
      draft: true,
      sort: [
        ['createdAt', -1],
        ['_id', -1],
      ],
      page: 3,
      limit: 100,
    })
  })

  it('when draft=false or an empty type is sent, then they mean the defaults', () => {
    expect(parsedFilter('draft=false&type=')).toMatchObject({ draft: false, filter: {} })
    expect(parse('draft=false&type=')).not.toHaveProperty('type')
  })
})

// [operator, field (as the client names it), value as sent, the MongoDB condition expected]
const OPERATOR_CASES: Array<[string, string, unknown, object, object?]> = [
  // base column, string
  ['$eq', 'slug', 'hello', { slug: { $eq: 'hello' } }],
  ['$ne', 'slug', 'hello', { slug: { $ne: 'hello' } }],
  ['$gt', 'slug', 'm', { slug: { $gt: 'm' } }],
  ['$gte', 'slug', 'm', { slug: { $gte: 'm' } }],
  ['$lt', 'slug', 'm', { slug: { $lt: 'm' } }],
  ['$lte', 'slug', 'm', { slug: { $lte: 'm' } }],
  ['$in', 'status', 'draft,published', { status: { $in: ['draft', 'published'] } }],
  ['$in', 'status', ['draft', 'published'], { status: { $in: ['draft', 'published'] } }],
  ['$notIn', 'status', 'archived', { status: { $nin: ['archived'] } }],
  ['$notIn', 'status', ['a,b', 'c'], { status: { $nin: ['a,b', 'c'] } }],
  ['$contains', 'slug', 'a.b', { slug: { $regex: 'a\\.b', $options: 'i' } }],
  ['$containsi', 'slug', 'A', { slug: { $regex: 'A', $options: 'i' } }],
  ['$notContains', 'slug', 'x', { $nor: [{ slug: { $regex: 'x', $options: 'i' } }] }],
  ['$notContainsi', 'slug', 'x', { $nor: [{ slug: { $regex: 'x', $options: 'i' } }] }],
  ['$startsWith', 'slug', 'he', { slug: { $regex: '^he' } }],
  ['$startsWithi', 'slug', 'He', { slug: { $regex: '^He', $options: 'i' } }],
  ['$endsWith', 'slug', 'lo', { slug: { $regex: 'lo\\z' } }],
  ['$endsWithi', 'slug', 'LO', { slug: { $regex: 'LO\\z', $options: 'i' } }],
  ['$eqi', 'slug', 'HeLLo', { slug: { $regex: '^HeLLo\\z', $options: 'i' } }],
  ['$nei', 'slug', 'HeLLo', { $nor: [{ slug: { $regex: '^HeLLo\\z', $options: 'i' } }] }],
  ['$between', 'slug', 'a,m', { slug: { $gte: 'a', $lte: 'm' } }],
  ['$null', 'slug', 'true', { slug: { $eq: null } }],
  ['$null', 'slug', 'false', { slug: { $ne: null } }],
  ['$notNull', 'slug', 'true', { slug: { $ne: null } }],
  ['$notNull', 'slug', 'false', { slug: { $eq: null } }],
  ['$eq', 'id', 'a0c1', { _id: { $eq: 'a0c1' } }],
  ['$eq', 'authorId', 'k1', { authorId: { $eq: 'k1' } }],
  ['$eq', 'type', 'post', { type: { $eq: 'post' } }],
  ['$gte', 'version', '2', { version: { $gte: 2 } }],
  // base column, BSON date
  [
    '$eq',
    'createdAt',
    '2024-05-01T10:00:00Z',
    {
      createdAt: { $eq: date('2024-05-01T10:00:00Z') },
    },
  ],
  ['$lt', 'createdAt', '2024-05-01', { createdAt: { $lt: date('2024-05-01T00:00:00Z') } }],
  [
    '$gt',
    'updatedAt',
    '2024-05-01T12:00:00+02:00',
    {
      updatedAt: { $gt: date('2024-05-01T10:00:00Z') },
    },
  ],
  [
    '$lte',
    'publishedAt',
    '2024-05-01T12:00:00.123456Z',
    {
      publishedAt: { $lte: date('2024-05-01T12:00:00.123Z') },
    },
  ],
  [
    '$gte',
    'publishedAt',
    '2024-05-01 12:00',
    {
      publishedAt: { $gte: date('2024-05-01T12:00:00Z') },
    },
  ],
  [
    '$in',
    'createdAt',
    '2024-01-01,2024-01-02',
    {
      createdAt: { $in: [date('2024-01-01'), date('2024-01-02')] },
    },
  ],
  [
    '$between',
    'createdAt',
    ['2024-01-01', '2024-02-01'],
    {
      createdAt: { $gte: date('2024-01-01'), $lte: date('2024-02-01') },
    },
  ],
  ['$null', 'publishedAt', 'true', { publishedAt: { $eq: null } }],
  // data fields of each scalar type
  ['$eq', 'title', 'Hello', { 'data.title': { $eq: 'Hello' } }],
  ['$eq', 'data.title', 'Hello', { 'data.title': { $eq: 'Hello' } }],
  [
    '$contains',
    'data.summary',
    '(x+y)*[z]',
    {
      'data.summary': { $regex: '\\(x\\+y\\)\\*\\[z\\]', $options: 'i' },
    },
  ],
  ['$eq', 'data.status', 'open', { 'data.status': { $eq: 'open' } }],
  ['$eq', 'contact', 'a@b.c', { 'data.contact': { $eq: 'a@b.c' } }],
  ['$gt', 'views', '10', { 'data.views': { $gt: 10 } }, { type: 'post' }],
  ['$in', 'views', '1,-2,+3', { 'data.views': { $in: [1, -2, 3] } }, { type: 'post' }],
  ['$between', 'rating', '1.5,4e0', { 'data.rating': { $gte: 1.5, $lte: 4 } }],
  ['$lt', 'rating', '-.5', { 'data.rating': { $lt: -0.5 } }],
  ['$eq', 'featured', 'true', { 'data.featured': { $eq: true } }],
  ['$ne', 'featured', '0', { 'data.featured': { $ne: false } }],
  ['$in', 'featured', 'true,false', { 'data.featured': { $in: [true, false] } }],
  ['$gte', 'day', '2024-02-29', { 'data.day': { $gte: '2024-02-29' } }],
  [
    '$between',
    'day',
    '2024-01-01,2024-12-31',
    {
      'data.day': { $gte: '2024-01-01', $lte: '2024-12-31' },
    },
  ],
  ['$lt', 'at', '2024-05-01T12:00:00+02:00', { 'data.at': { $lt: '2024-05-01T10:00:00.000Z' } }],
  ['$eq', 'at', '2024-05-01', { 'data.at': { $eq: '2024-05-01T00:00:00.000Z' } }],
  ['$null', 'body', 'true', { 'data.body': { $eq: null } }],
  ['$notNull', 'meta', 'true', { 'data.meta': { $ne: null } }],
  // tags match elements
  ['$eq', 'tags', 'news', { 'data.tags': { $eq: 'news' } }],
  ['$in', 'tags', ['news', 'tech'], { 'data.tags': { $in: ['news', 'tech'] } }],
  ['$notIn', 'tags', 'old', { 'data.tags': { $nin: ['old'] } }],
  ['$contains', 'tags', 'ew', { 'data.tags': { $regex: 'ew', $options: 'i' } }],
  ['$startsWith', 'tags', 'ne', { 'data.tags': { $regex: '^ne' } }],
]

describe('parseListQuery operators', () => {
  it.each(OPERATOR_CASES)(
    'when %s is applied to %s (%j), then the condition is right',
    (operator, name, value, expected, extra) => {
      const filter = filtersOf({ [name]: { [operator]: value } }, extra)
      const conditions = extra ? [{ type: { $eq: 'post' } }, expected] : [expected]
      expect(filter).toEqual({ $and: conditions })
    },
  )

  it('when a field is given a bare value, then it means $eq', () => {
    expect(parsedFilter('filters[slug]=x')).toMatchObject({ filter: only({ slug: { $eq: 'x' } }) })
  })

  it('when data fields are nested under data, then they are data fields', () => {
    expect(filtersOf({ data: { title: { $eq: 'x' }, tags: 'y' } })).toEqual({
      $and: [{ 'data.title': { $eq: 'x' } }, { 'data.tags': { $eq: 'y' } }],
    })
  })

  it('when a bare name is also a base column, then the base column wins and data. reaches the field', () => {
    expect(filtersOf({ status: 'published', 'data.status': 'open' })).toEqual({
      $and: [{ status: { $eq: 'published' } }, { 'data.status': { $eq: 'open' } }],
    })
  })

  it('when two operators regex the same field, then both are kept as separate clauses', () => {
    expect(filtersOf({ slug: { $contains: 'a', $startsWith: 'b', $endsWith: 'c' } })).toEqual({
      $and: [
        { slug: { $regex: 'a', $options: 'i' } },
        { slug: { $regex: '^b' } },
        {
          slug: { $regex: 'c\\z' },
        },
      ],
    })
  })

  it('when a value is full of regex metacharacters, then each is escaped', () => {
    expect(filtersOf({ slug: { $contains: '.*+?^${}()|[]\\/' } })).toEqual(
      only({ slug: { $regex: '\\.\\*\\+\\?\\^\\$\\{\\}\\(\\)\\|\\[\\]\\\\/', $options: 'i' } }),
    )
  })

  it('when a value is empty, then a text field compares with the empty string', () => {
    expect(parsedFilter('filters[slug][$eq]=')).toMatchObject({
      filter: only({ slug: { $eq: '' } }),
    })
  })

  it('when + and %2B are used, then + is a space and %2B a plus, as in forms', () => {
    expect(mongoFilterOf(parse('filters[slug][$eq]=a+b%2Bc').where)).toEqual(
      only({ slug: { $eq: 'a b+c' } }),
    )
  })
})

describe('parseListQuery logic', () => {
  it('when $or holds clauses, then each clause is translated', () => {
    expect(filtersOf({ $or: [{ slug: 'a' }, { slug: 'b', status: 'draft' }] })).toEqual(
      only({
        $or: [
          { slug: { $eq: 'a' } },
          {
            $and: [{ slug: { $eq: 'b' } }, { status: { $eq: 'draft' } }],
          },
        ],
      }),
    )
  })

  it('when $and nests $or nests $and, then the structure is kept', () => {
    const filters = {
      $and: [
        { slug: 'a' },
        {
          $or: [{ status: 'draft' }, { $and: [{ title: 'x' }, { title: { $ne: 'y' } }] }],
        },
      ],
    }
    expect(filtersOf(filters)).toEqual({
      $and: [
        { slug: { $eq: 'a' } },
        {
          $or: [
            { status: { $eq: 'draft' } },
            { $and: [{ 'data.title': { $eq: 'x' } }, { 'data.title': { $ne: 'y' } }] },
          ],
        },
      ],
    })
  })

  it('when $not wraps a filter, then it becomes $nor', () => {
    expect(filtersOf({ $not: { slug: 'a', status: 'draft' } })).toEqual(
      only({ $nor: [{ $and: [{ slug: { $eq: 'a' } }, { status: { $eq: 'draft' } }] }] }),
    )
  })

  it('when $not wraps a field condition, then it becomes $nor of that condition', () => {
    expect(filtersOf({ title: { $not: { $contains: 'x' } } })).toEqual(
      only({ $nor: [{ 'data.title': { $regex: 'x', $options: 'i' } }] }),
    )
    expect(filtersOf({ title: { $not: 'x' } })).toEqual(
      only({ $nor: [{ 'data.title': { $eq: 'x' } }] }),
    )
  })

  it('when $and and $or nest five levels deep, then the query is accepted', () => {
    let filters: object = { slug: 'deep' }
    for (let level = 0; level < 5; level++) filters = { [level % 2 ? '$or' : '$and']: [filters] }
    expect(() => filtersOf(filters)).not.toThrow()
  })

  it('when there are exactly 100 conditions, then the query is accepted', () => {
    const clauses = Array.from({ length: 50 }, (_, i) => ({
      slug: `s${i}`,
      title: { $ne: `t${i}` },
    }))
    expect(filtersOf({ $or: clauses })).toMatchObject({ $and: [{ $or: expect.any(Array) }] })
  })
})

describe('parseListQuery sort', () => {
  it.each([
    ['-publishedAt', [['publishedAt', -1]]],
    [
      'slug,-createdAt',
      [
        ['slug', 1],
        ['createdAt', -1],
      ],
    ],
    [
      'publishedAt:desc,title:asc',
      [
        ['publishedAt', -1],
        ['data.title', 1],
      ],
    ],
    ['updatedAt:DESC', [['updatedAt', -1]]],
    [
      ' slug , -data.title ',
      [
        ['slug', 1],
        ['data.title', -1],
      ],
    ],
    [
      'type,status,authorId,version',
      [
        ['type', 1],
        ['status', 1],
        ['authorId', 1],
        ['version', 1],
      ],
    ],
    [
      'day,-at,featured,rating',
      [
        ['data.day', 1],
        ['data.at', -1],
        ['data.featured', 1],
        ['data.rating', 1],
      ],
    ],
  ])(
    'when sort=%s, then the keys are %j and the id comes last, in the direction of the last key',
    (sort, keys) => {
      expect(parse(`sort=${encodeURIComponent(sort)}`).sort).toEqual([
        ...keys,
        ['_id', keys.at(-1)![1]],
      ])
    },
  )

  it("when sort is sent in Strapi's array form, then the entries are read in order", () => {
    expect(parse('sort[0]=title:desc&sort[1]=slug').sort).toEqual([
      ['data.title', -1],
      ['slug', 1],
      ['_id', 1],
    ])
  })

  it('when sort is empty, then the default applies', () => {
    expect(parse('sort=').sort).toEqual([
      ['createdAt', -1],
      ['_id', -1],
    ])
  })
})

describe('parseListQuery fields', () => {
  it.each([
    ['title,slug,publishedAt', { _id: 1, 'data.title': 1, slug: 1, publishedAt: 1 }],
    ['id', { _id: 1 }],
    ['data', { _id: 1, data: 1 }],
    ['data,title,slug', { _id: 1, data: 1, slug: 1 }],
    ['-data.body', { 'data.body': 0 }],
    ['-body,-meta,-version', { 'data.body': 0, 'data.meta': 0, version: 0 }],
    ['title,title', { _id: 1, 'data.title': 1 }],
    ['views', { _id: 1, 'data.views': 1 }],
  ])('when fields=%s, then the projection is %j', (fields, projection) => {
    expect(parse(`fields=${encodeURIComponent(fields)}`).projection).toEqual(projection)
  })

  it("when fields is sent in Strapi's array form, then the names are read", () => {
    expect(parse('fields[0]=title&fields[1]=slug').projection).toEqual({
      _id: 1,
      'data.title': 1,
      slug: 1,
    })
  })

  it('when fields is empty, then every member is returned', () => {
    expect(parse('fields=')).not.toHaveProperty('projection')
  })
})
