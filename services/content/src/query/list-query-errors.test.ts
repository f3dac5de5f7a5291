import { describe, expect, it } from 'vitest'
import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import { CONTENT_TYPES } from './content-types.fixture.ts'
import { parseListQuery } from './list-query.ts'

function detailsOf(query: string): ErrorDetail[] {
  try {
    parseListQuery(query, { contentTypes: CONTENT_TYPES })
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).code).toBe('VALIDATION_ERROR')
    return [...((error as ValidationError).details ?? [])]
  }
  throw new Error(`expected ${query} to be refused`)
}

const nest = (levels: number, leaf: string) =>
  `filters${Array.from({ length: levels }, (_, i) => `[${i % 2 ? '$or' : '$and'}][0]`).join(
    '',
  )}${leaf}`

// [query string, path of the detail, a part of its message]
const ERROR_CASES: Array<[string, string, string]> = [
  // parameters
  ['page=0', 'page', 'integer from 1 to 1000000'],
  ['page=-1', 'page', 'integer from 1'],
  ['page=1.5', 'page', 'integer from 1'],
  ['page=abc', 'page', 'integer from 1'],
  ['page=1e3', 'page', 'integer from 1'],
  ['page=1000001', 'page', 'integer from 1'],
  ['page=99999999999999999999999', 'page', 'integer from 1'],
  ['page=1&page=2', 'page', 'integer from 1'],
  ['page[$gt]=1', 'page', 'integer from 1'],
  ['limit=0', 'limit', 'integer from 1 to 100'],
  ['limit=101', 'limit', 'integer from 1 to 100'],
  ['limit=', 'limit', 'integer from 1 to 100'],
  ['draft=yes', 'draft', 'true or false'],
  ['draft', 'draft', 'true or false'],
  ['type=Post!', 'type', 'content type name'],
  ['type=nosuch', 'type', 'unknown content type "nosuch"'],
  ['type[0]=post&type[1]=product', 'type', 'content type name'],
  ['populate=title', 'populate', '"title" is not a relation field'],
  ['$where=1', '$where', 'unknown query parameter'],
  // unknown fields and operators
  ['filters[nope][$eq]=1', 'filters[nope]', 'unknown field "nope"'],
  ['filters[data.nope]=1', 'filters[data.nope]', 'unknown field "data.nope"'],
  ['filters[data.a.b]=1', 'filters[data.a.b]', 'unknown field'],
  ['filters[websiteId]=other', 'filters[websiteId]', 'unknown field "websiteId"'],
  ['type=product&filters[tags]=x', 'filters[tags]', 'not declared by content type "product"'],
  ['filters[slug][$regex]=.*', 'filters[slug][$regex]', 'unknown operator "$regex"'],
  ['filters[slug][$where]=1', 'filters[slug][$where]', 'unknown operator "$where"'],
  ['filters[slug][$exists]=true', 'filters[slug][$exists]', 'unknown operator'],
  ['filters[slug][eq]=1', 'filters[slug][eq]', 'unknown operator "eq"'],
  ['filters[$where]=sleep(1000)', 'filters[$where]', 'unknown operator "$where"'],
  ['filters[$nor][0][slug]=a', 'filters[$nor]', 'unknown operator "$nor"'],
  ['filters[$expr][$eq]=1', 'filters[$expr]', 'unknown operator'],
  ['filters[slug][$or][0][$eq]=a', 'filters[slug][$or]', 'unknown operator "$or"'],
  ['filters[constructor][$eq]=1', 'filters[constructor]', 'unknown field "constructor"'],
  ['filters[toString]=1', 'filters[toString]', 'unknown field'],
  ['filters[slug][hasOwnProperty]=1', 'filters[slug][hasOwnProperty]', 'unknown operator'],
  ['filters[__proto__][polluted]=1', 'filters[__proto__][polluted]', '__proto__'],
  ['filters[slug][__proto__]=1', 'filters[slug][__proto__]', '__proto__'],
  ['filters[%5F%5Fproto%5F%5F][x]=1', 'filters[__proto__][x]', '__proto__'],
  // ambiguity
  [
    'filters[views][$gt]=1',
    'filters[views]',
    'different types in post (integer), product (number); add type=',
  ],
  ['sort=views', 'sort', 'add type='],
  // operator does not fit the field
  ['filters[tags][$gt]=a', 'filters[tags][$gt]', '$gt does not apply to tags field "data.tags"'],
  ['filters[featured][$lt]=true', 'filters[featured][$lt]', 'does not apply to boolean'],
  [
    'filters[createdAt][$contains]=2024',
    'filters[createdAt][$contains]',
    'does not apply to timestamp',
  ],
  ['filters[day][$startsWith]=2024', 'filters[day][$startsWith]', 'does not apply to date'],
  ['filters[body][$eq]=x', 'filters[body][$eq]', 'does not apply to opaque field "data.body"'],
  ['filters[meta][$contains]=x', 'filters[meta][$contains]', 'does not apply to opaque'],
  [
    'type=post&filters[views][$contains]=1',
    'filters[views][$contains]',
    'does not apply to integer',
  ],
  // values of the wrong shape
  ['filters[slug][$eq][0]=a&filters[slug][$eq][1]=b', 'filters[slug][$eq]', 'single value'],
  ['filters[slug][$eq]=a&filters[slug][$eq]=b', 'filters[slug][$eq]', 'single value'],
  ['filters[slug][$eq][x]=a', 'filters[slug][$eq]', 'single value'],
  ['filters[slug][0]=a', 'filters[slug]', 'got a list'],
  ['filters[slug]=a&filters[slug]=b', 'filters[slug]', 'got a list'],
  ['filters[slug][$in][x]=a', 'filters[slug][$in]', 'comma-separated list'],
  ['filters[slug][$in][0][a]=b', 'filters[slug][$in]', 'comma-separated list'],
  ['filters[slug][$between]=a', 'filters[slug][$between]', 'exactly two values'],
  ['filters[slug][$between]=a,b,c', 'filters[slug][$between]', 'exactly two values'],
  ['filters[slug][$null]=1', 'filters[slug][$null]', '$null takes true'],
  ['filters[slug][$notNull]=', 'filters[slug][$notNull]', '$notNull takes true'],
  ['filters=abc', 'filters', 'expected fields and operators'],
  ['filters[0]=a', 'filters', 'expected fields and operators'],
  ['filters[$and]=x', 'filters[$and]', '$and takes a list of filters'],
  ['filters[$or][a][slug]=x', 'filters[$or]', '$or takes a list'],
  ['filters[$and][0]=x', 'filters[$and][0]', 'expected fields and operators'],
  ['filters[$not]=x', 'filters[$not]', 'expected fields and operators'],
  ['filters[slug][$eq]=a%00b', 'filters[slug][$eq]', 'NUL'],
  [`filters[slug][$eq]=${'x'.repeat(1025)}`, 'filters[slug][$eq]', 'at most 1024 characters'],
  [
    `filters[slug][$in]=${Array.from({ length: 101 }, (_, i) => i).join(',')}`,
    'filters[slug][$in]',
    'at most 100 values',
  ],
  // coercion
  ['type=post&filters[views][$eq]=abc', 'filters[views][$eq]', '"abc" is not an integer'],
  ['type=post&filters[views][$eq]=1.5', 'filters[views][$eq]', 'not an integer'],
  ['type=post&filters[views][$eq]=9007199254740993', 'filters[views][$eq]', 'not an integer'],
  ['type=post&filters[views][$in]=1,x', 'filters[views][$in]', '"x" is not an integer'],
  ['filters[rating][$gt]=1e400', 'filters[rating][$gt]', 'not a finite number'],
  ['filters[rating][$gt]=Infinity', 'filters[rating][$gt]', 'not a finite number'],
  ['filters[rating][$gt]=NaN', 'filters[rating][$gt]', 'not a finite number'],
  ['filters[rating][$gt]=0x10', 'filters[rating][$gt]', 'not a finite number'],
  ['filters[rating][$gt]=', 'filters[rating][$gt]', 'not a finite number'],
  ['filters[rating][$gt]=1 ', 'filters[rating][$gt]', 'not a finite number'],
  ['filters[featured]=yes', 'filters[featured]', 'not a boolean'],
  ['filters[day][$eq]=2023-02-29', 'filters[day][$eq]', 'not a valid date (YYYY-MM-DD)'],
  ['filters[day][$eq]=2024-05-01T00:00:00Z', 'filters[day][$eq]', 'not a valid date'],
  ['filters[at][$gt]=yesterday', 'filters[at][$gt]', 'not a valid ISO 8601 date-time'],
  ['filters[at][$gt]=2024-13-01T00:00:00Z', 'filters[at][$gt]', 'not a valid ISO 8601'],
  ['filters[createdAt][$lt]=2024-02-30', 'filters[createdAt][$lt]', 'not a valid ISO 8601 date'],
  ['filters[createdAt][$lt]=2024-01-01T24:00:00Z', 'filters[createdAt][$lt]', 'not a valid'],
  ['filters[createdAt][$lt]=1714564800000', 'filters[createdAt][$lt]', 'not a valid'],
  ['filters[createdAt][$lt]=+275760-09-13', 'filters[createdAt][$lt]', 'not a valid'],
  ['filters[createdAt][$lt]=2024-01-01T10:00:00+25:00', 'filters[createdAt][$lt]', 'not a valid'],
  ['filters[version][$gt]=two', 'filters[version][$gt]', 'not an integer'],
  // nesting and size
  [
    nest(6, '[slug]=x'),
    'filters[$and][0][$or][0][$and][0][$or][0][$and][0][$or]',
    'at most 5 levels',
  ],
  [
    nest(5, '[$not][slug]=x'),
    'filters[$and][0][$or][0][$and][0][$or][0][$and][0][$not]',
    'at most 5 levels',
  ],
  [nest(50, '[slug]=x'), '', 'nest too deeply'],
  [
    'filters[slug][$not][$not][$not][$not][$not][$not][$eq]=x',
    'filters[slug][$not][$not][$not][$not][$not][$not]',
    'at most 5 levels',
  ],
  [
    Array.from(
      { length: 51 },
      (_, i) => `filters[$or][${i}][slug]=a&filters[$or][${i}][title]=b`,
    ).join('&'),
    'filters',
    '102 conditions; at most 100',
  ],
  [
    Array.from({ length: 101 }, (_, i) => `filters[$or][${i}][slug]=a`).join('&'),
    '',
    'at most 100 entries',
  ],
  [
    Array.from({ length: 1001 }, (_, i) => `filters[slug][$ne]=${i}`).join('&'),
    '',
    'at most 1000 query parameters',
  ],
  [
    Array.from({ length: 10_000 }, () => 'filters[$or][][slug]=a').join('&'),
    '',
    'longer than 32768',
  ],
  // sort
  ['sort=nope', 'sort', 'unknown field "nope"'],
  ['sort=id', 'sort', 'cannot sort by "id"'],
  ['sort=-tags', 'sort', 'cannot sort by tags field "tags"'],
  ['sort=body', 'sort', 'cannot sort by opaque field'],
  ['sort=title:up', 'sort', 'unknown field "title:up"'],
  ['sort=-title:desc', 'sort', 'is not field, -field'],
  ['sort=slug,,title', 'sort', '"" is not field'],
  ['sort=-', 'sort', 'is not field'],
  ['sort=slug,-slug', 'sort', '"slug" is sorted on twice'],
  ['sort[a]=slug', 'sort', 'comma-separated list'],
  [`sort=${Array.from({ length: 11 }, () => 'slug').join(',')}`, 'sort', 'at most 10 fields'],
  // fields
  ['fields=title,-slug', 'fields', 'not both'],
  ['fields=-id', 'fields', 'id is always returned'],
  ['fields=nope', 'fields', 'unknown field "nope"'],
  ['fields=title,', 'fields', '"" is not a field name'],
  ['fields[a]=title', 'fields', 'comma-separated list'],
]

describe('parseListQuery errors', () => {
  it.each(ERROR_CASES)(
    'when the query is %s, then a 422 detail at %j says %j',
    (query, path, message) => {
      const details = detailsOf(query)
      expect(details).toContainEqual({ path, message: expect.stringContaining(message) })
    },
  )

  it('when a query has many problems, then one error names every unknown field and operator', () => {
    const details = detailsOf(
      'filters[a][$eq]=1&filters[b][$foo]=1&filters[$or][0][c][$bar]=1&filters[slug][$baz]=1&sort=d&fields=e&limit=0&x=1',
    )
    expect(details.map((d) => d.path)).toEqual([
      'x',
      'limit',
      'filters[a]',
      'filters[b]',
      'filters[b][$foo]',
      'filters[$or][0][c]',
      'filters[$or][0][c][$bar]',
      'filters[slug][$baz]',
      'sort',
      'fields',
    ])
  })

  it('when every value in a list is bad, then each is named', () => {
    const details = detailsOf('type=post&filters[views][$in]=a,b')
    expect(details.map((d) => d.message)).toEqual([
      expect.stringContaining('"a" is not an integer'),
      expect.stringContaining('"b" is not an integer'),
    ])
  })

  it('when a long value is echoed in a message, then it is cut short', () => {
    const [detail] = detailsOf(`filters[rating][$eq]=${'9'.repeat(400)}x`)
    expect(detail!.message.length).toBeLessThan(150)
  })
})
