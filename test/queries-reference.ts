/**
 * A plain JavaScript reading of a `filters` object over API documents, written from
 * docs/queries.md and independent of the translator: the through-the-gateway tests compare the
 * service's answers with it.
 */
export type Kind = 'string' | 'tags' | 'number' | 'boolean' | 'date' | 'moment' | 'opaque'

export interface ApiDoc {
  id: string
  type: string
  status: string
  data: Record<string, unknown>
  [member: string]: unknown
}

const BASE: Record<string, Kind> = {
  id: 'string',
  type: 'string',
  slug: 'string',
  status: 'string',
  authorId: 'string',
  version: 'number',
  publishedAt: 'moment',
  createdAt: 'moment',
  updatedAt: 'moment',
}

function valueOf(doc: ApiDoc, name: string): unknown {
  if (name in BASE) return doc[name]
  return doc.data[name.replace(/^data\./, '')]
}

function kindOf(name: string, dataKinds: Record<string, Kind>): Kind {
  return BASE[name] ?? dataKinds[name.replace(/^data\./, '')] ?? 'opaque'
}

/** Comparable form of a stored value and of a query value of the same kind. */
function comparable(value: unknown, kind: Kind): string | number | boolean | undefined {
  if (value === undefined || value === null) return undefined
  if (kind === 'moment') return Date.parse(String(value))
  if (kind === 'number') return Number(value)
  if (kind === 'boolean') return value === true || value === 'true' || value === '1'
  return String(value)
}

const list = (raw: unknown): string[] => (Array.isArray(raw) ? raw : String(raw).split(','))
const lower = (text: string) => text.toLowerCase()

type Test = (stored: string | number | boolean, query: unknown) => boolean

const TEXT_TESTS: Record<string, (stored: string, query: string) => boolean> = {
  $contains: (s, q) => lower(s).includes(lower(q)),
  $containsi: (s, q) => lower(s).includes(lower(q)),
  $startsWith: (s, q) => s.startsWith(q),
  $startsWithi: (s, q) => lower(s).startsWith(lower(q)),
  $endsWith: (s, q) => s.endsWith(q),
  $endsWithi: (s, q) => lower(s).endsWith(lower(q)),
  $eqi: (s, q) => lower(s) === lower(q),
}

const NEGATIONS: Record<string, string> = {
  $ne: '$eq',
  $notIn: '$in',
  $notContains: '$contains',
  $notContainsi: '$containsi',
  $nei: '$eqi',
}

function positive(
  operator: string,
  values: Array<string | number | boolean>,
  query: unknown,
  kind: Kind,
): boolean {
  const q = (raw: unknown) => comparable(raw, kind)!
  const some = (test: Test) => values.some((value) => test(value, query))
  switch (operator) {
    case '$eq':
      return some((v) => v === q(query))
    case '$in':
      return some((v) => list(query).map(q).includes(v))
    case '$gt':
      return some((v) => v > q(query))
    case '$gte':
      return some((v) => v >= q(query))
    case '$lt':
      return some((v) => v < q(query))
    case '$lte':
      return some((v) => v <= q(query))
    case '$between': {
      const [low, high] = list(query).map(q)
      return some((v) => v >= low! && v <= high!)
    }
    default:
      return some((v) => TEXT_TESTS[operator]!(String(v), String(query)))
  }
}

function condition(
  doc: ApiDoc,
  name: string,
  operator: string,
  query: unknown,
  dataKinds: Record<string, Kind>,
): boolean {
  const raw = valueOf(doc, name)
  const kind = kindOf(name, dataKinds)
  const isNull = raw === undefined || raw === null
  if (operator === '$null') return isNull === (query === 'true')
  if (operator === '$notNull') return isNull !== (query === 'true')
  if (operator === '$not') return !fieldMatches(doc, name, query, dataKinds)
  if (NEGATIONS[operator]) return !condition(doc, name, NEGATIONS[operator]!, query, dataKinds)
  if (isNull) return false
  const values = (kind === 'tags' ? (raw as unknown[]) : [raw]).map((value) =>
    comparable(value, kind)!,
  )
  return positive(operator, values, query, kind)
}

function fieldMatches(
  doc: ApiDoc,
  name: string,
  conditions: unknown,
  dataKinds: Record<string, Kind>,
): boolean {
  if (typeof conditions !== 'object' || conditions === null) {
    return condition(doc, name, '$eq', conditions, dataKinds)
  }
  return Object.entries(conditions).every(([operator, query]) =>
    condition(doc, name, operator, query, dataKinds),
  )
}

export function matches(
  doc: ApiDoc,
  filters: Record<string, unknown>,
  dataKinds: Record<string, Kind>,
): boolean {
  return Object.entries(filters).every(([key, value]) => {
    if (key === '$and') {
      return (value as Record<string, unknown>[]).every((f) => matches(doc, f, dataKinds))
    }
    if (key === '$or') {
      return (value as Record<string, unknown>[]).some((f) => matches(doc, f, dataKinds))
    }
    if (key === '$not') return !matches(doc, value as Record<string, unknown>, dataKinds)
    return fieldMatches(doc, key, value, dataKinds)
  })
}
