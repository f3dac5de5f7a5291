import fc from 'fast-check'
import qs from 'qs'
import { describe, expect, it } from 'vitest'
import { ValidationError } from '@cms/errors'
import { CONTENT_TYPES, POST } from './content-types.fixture.ts'
import { mongoFilterOf, parseListQuery } from './list-query.ts'
import { OPERATORS } from './operators.ts'
import { hostileQueryString } from './hostile-query.arbitrary.ts'

const MONGO_OPERATORS = new Set([
  '$and',
  '$or',
  '$nor',
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$regex',
  '$options',
])
const BASE_PATHS = new Set([
  '_id',
  'type',
  'slug',
  'status',
  'authorId',
  'publishedAt',
  'createdAt',
  'updatedAt',
  'version',
])
const DATA_PATHS = new Set(CONTENT_TYPES.flatMap((t) => t.fields.map((f) => `data.${f.name}`)))

/** Every key of the emitted filter is a MongoDB operator we chose or a stored path. */
function foreignKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(foreignKeys)
  if (value === null || typeof value !== 'object' || value instanceof Date) return []
  return Object.entries(value).flatMap(([key, inner]) => {
    const known = MONGO_OPERATORS.has(key) || BASE_PATHS.has(key) || DATA_PATHS.has(key)
    return [...(known ? [] : [key]), ...foreignKeys(inner)]
  })
}

function outcome(query: string): 'ok' | 'refused' {
  try {
    const parsed = parseListQuery(query, { contentTypes: CONTENT_TYPES })
    expect(foreignKeys(mongoFilterOf(parsed.where))).toEqual([])
    expect(parsed.sort.at(-1)).toEqual(['_id', parsed.sort.at(-2)![1]])
    expect(parsed.limit).toBeGreaterThanOrEqual(1)
    expect(parsed.limit).toBeLessThanOrEqual(100)
    expect(parsed.page).toBeGreaterThanOrEqual(1)
    return 'ok'
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    expect(error.details?.length).toBeGreaterThan(0)
    return 'refused'
  }
}

describe('parseListQuery against hostile input', () => {
  it('when any hostile query string is parsed, then it is a ListQuery or a ValidationError, quickly', () => {
    fc.assert(
      fc.property(hostileQueryString(), (query) => {
        const started = performance.now()
        outcome(query)
        expect(performance.now() - started).toBeLessThan(250)
      }),
      { numRuns: 3000 },
    )
  })

  it('when arbitrary text is parsed, then it never throws anything but a ValidationError', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (query) => {
        outcome(query)
      }),
      { numRuns: 800 },
    )
  })

  it('when the worst inputs within the limits arrive, then each takes well under 100 ms', () => {
    const widest = Array.from(
      { length: 100 },
      (_, i) => `filters[$or][${i}][title][$contains]=${'(a+)+'.repeat(200)}`,
    )
    const deepest = `filters${'[$and][0][$or][0]'.repeat(2)}[$and][0][title][$not][$in]=${'x,'.repeat(
      99,
    )}x`
    for (const query of [widest.join('&').slice(0, 32_000), deepest, 'x=1&'.repeat(999)]) {
      const started = performance.now()
      outcome(query)
      expect(performance.now() - started).toBeLessThan(100)
    }
  })
})

const FIELD_VALUES: Record<string, fc.Arbitrary<string>> = {
  slug: fc.string({ maxLength: 20 }),
  title: fc.string({ maxLength: 20 }),
  tags: fc.string({ maxLength: 10 }),
  views: fc.integer().map(String),
  rating: fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  featured: fc.boolean().map(String),
  day: fc
    .date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  createdAt: fc
    .date({
      min: new Date('0001-01-01'),
      max: new Date('9999-12-31'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString()),
}

const APPLICABLE: Record<string, readonly string[]> = {
  slug: OPERATORS,
  title: OPERATORS,
  tags: OPERATORS.filter((op) => !['$gt', '$gte', '$lt', '$lte', '$between'].includes(op)),
  views: [
    '$eq',
    '$ne',
    '$gt',
    '$gte',
    '$lt',
    '$lte',
    '$in',
    '$notIn',
    '$between',
    '$null',
    '$notNull',
  ],
  rating: ['$eq', '$ne', '$gt', '$lte', '$in', '$between', '$null'],
  featured: ['$eq', '$ne', '$in', '$notIn', '$null', '$notNull'],
  day: ['$eq', '$gt', '$lt', '$between', '$in', '$notNull'],
  createdAt: ['$eq', '$ne', '$gte', '$lte', '$between', '$notIn'],
}

const condition = fc
  .constantFrom(...Object.keys(FIELD_VALUES))
  .chain((field) =>
    fc.tuple(
      fc.constant(field),
      fc.constantFrom(...APPLICABLE[field]!),
      fc.array(FIELD_VALUES[field]!, { minLength: 2, maxLength: 2 }),
    ),
  )
  .map(([field, operator, [a, b]]) => {
    if (operator === '$null' || operator === '$notNull') return { [field]: { [operator]: 'true' } }
    if (operator === '$between') return { [field]: { [operator]: [a, b] } }
    if (operator === '$in' || operator === '$notIn') return { [field]: { [operator]: [a, b] } }
    return { [field]: { [operator]: a } }
  })

const validFilter = fc.letrec<{ node: object }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    condition,
    fc.record({ $and: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ $or: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ $not: tie('node') }),
  ),
})).node

function depthOf(node: unknown): number {
  if (node === null || typeof node !== 'object') return 0
  const entries = Object.entries(node as object)
  return Math.max(
    0,
    ...entries.map(
      ([key, value]) => (['$and', '$or', '$not'].includes(key) ? 1 : 0) + depthOf(value),
    ),
  )
}

const countConditions = (query: string): number => (query.match(/=/g) ?? []).length

describe('parseListQuery against what clients send', () => {
  it('when a valid filter within the limits is sent as qs.stringify writes it, then it is accepted', () => {
    fc.assert(
      fc.property(validFilter, (filters) => {
        fc.pre(depthOf(filters) <= 5)
        const query = qs.stringify({ type: POST.name, filters }, { encodeValuesOnly: true })
        fc.pre(countConditions(query) <= 100)
        expect(() => parseListQuery(query, { contentTypes: CONTENT_TYPES })).not.toThrow()
      }),
      { numRuns: 1000 },
    )
  })
})
