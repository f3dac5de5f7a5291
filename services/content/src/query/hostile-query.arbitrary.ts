import fc from 'fast-check'
import { OPERATORS } from './operators.ts'

const SEGMENTS = [
  ...OPERATORS,
  '$and',
  '$or',
  '$not',
  '$where',
  '$regex',
  '$expr',
  '$nor',
  '$elemMatch',
  '$function',
  '$options',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '0',
  '1',
  '99',
  '100',
  '101',
  '-1',
  '1e3',
  '',
  'title',
  'slug',
  'status',
  'tags',
  'views',
  'rating',
  'featured',
  'day',
  'at',
  'body',
  'meta',
  'createdAt',
  'publishedAt',
  'id',
  '_id',
  'websiteId',
  'data',
  'data.title',
  'data.a.b',
  'filters',
  'sort',
  'fields',
  'page',
  'limit',
  'type',
  'draft',
]

const HOSTILE_VALUES = [
  '.*',
  '^$',
  '(a+)+$',
  '(?i)x',
  '(?=a)',
  '\\',
  '\\z',
  '[',
  '{1,100000}',
  '$where',
  'sleep(1000)',
  '1e400',
  '-1e400',
  '9'.repeat(400),
  'NaN',
  'Infinity',
  '0x10',
  '-0',
  '1.7976931348623157e309',
  '2024-02-30',
  '2024-13-01',
  '9999-99-99',
  '+275760-09-13T00:00:00Z',
  '1714564800000',
  'yesterday',
  'true',
  'false',
  'null',
  'undefined',
  '',
  ',',
  'a,b,c',
  ',,,,',
  'x'.repeat(2000),
  '%00',
  '%ZZ',
  '%',
  '%E2%82',
  '%F0%9F%98%80',
  '%5B',
  '%5D',
  '%26',
  '%3D',
  '__proto__',
  'post',
  'product',
  'draft',
  'published',
  'title:desc',
  '-createdAt',
  'a,-b',
]

const segment = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...SEGMENTS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
)

const key = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.constantFrom('filters', 'sort', 'fields', 'page', 'limit', 'type', 'draft'),
        fc.array(segment, { maxLength: 16 }),
      )
      .map(([root, segments]) => root + segments.map((s) => `[${s}]`).join('')),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(segment, fc.array(segment, { maxLength: 60 }))
      .map(([root, segments]) => root + segments.map((s) => `[${s}]`).join('')),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
)

const value = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
)

const pair = fc
  .tuple(key, value, fc.boolean())
  .map(([k, v, encoded]) => (encoded ? `${encodeURIComponent(k)}=${v}` : `${k}=${v}`))

/** Query strings built from the pieces attackers and confused clients use. */
export function hostileQueryString(): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.array(pair, { minLength: 1, maxLength: 30 }).map((pairs) => pairs.join('&')),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(pair, fc.integer({ min: 100, max: 1500 }))
        .map(([p, n]) => Array.from({ length: n }, () => p).join('&')),
    },
  )
}
