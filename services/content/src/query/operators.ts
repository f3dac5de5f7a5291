import type { FieldKind } from './field-kinds.ts'

/** Every operator a field condition may use: the spec's twelve and the rest of Strapi's set. */
export const OPERATORS = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$notIn',
  '$contains',
  '$startsWith',
  '$null',
  '$notNull',
  '$eqi',
  '$nei',
  '$containsi',
  '$notContains',
  '$notContainsi',
  '$startsWithi',
  '$endsWith',
  '$endsWithi',
  '$between',
] as const
export type Operator = (typeof OPERATORS)[number]

/** The logical operators: `$and` / `$or` take a list of filters, `$not` one filter or condition. */
export const LOGICAL_OPERATORS = ['$and', '$or', '$not'] as const
export type LogicalOperator = (typeof LOGICAL_OPERATORS)[number]

/** What an operator's value looks like in the query string. */
export type OperatorArity = 'single' | 'list' | 'pair' | 'flag'

export interface OperatorSpec {
  arity: OperatorArity
  /** The field kinds it makes sense on; anything else is a 422 rather than a surprise. */
  kinds: readonly FieldKind[]
}

const EQUALITY: readonly FieldKind[] = [
  'string',
  'tags',
  'number',
  'integer',
  'boolean',
  'date',
  'datetime',
  'timestamp',
  'relation',
]
const ORDERED: readonly FieldKind[] = [
  'string',
  'number',
  'integer',
  'date',
  'datetime',
  'timestamp',
]
const TEXT: readonly FieldKind[] = ['string', 'tags']
const ANY: readonly FieldKind[] = [...EQUALITY, 'opaque']

export const OPERATOR_SPECS: Readonly<Record<Operator, OperatorSpec>> = {
  $eq: { arity: 'single', kinds: EQUALITY },
  $ne: { arity: 'single', kinds: EQUALITY },
  $gt: { arity: 'single', kinds: ORDERED },
  $gte: { arity: 'single', kinds: ORDERED },
  $lt: { arity: 'single', kinds: ORDERED },
  $lte: { arity: 'single', kinds: ORDERED },
  $between: { arity: 'pair', kinds: ORDERED },
  $in: { arity: 'list', kinds: EQUALITY },
  $notIn: { arity: 'list', kinds: EQUALITY },
  $contains: { arity: 'single', kinds: TEXT },
  $containsi: { arity: 'single', kinds: TEXT },
  $notContains: { arity: 'single', kinds: TEXT },
  $notContainsi: { arity: 'single', kinds: TEXT },
  $startsWith: { arity: 'single', kinds: TEXT },
  $startsWithi: { arity: 'single', kinds: TEXT },
  $endsWith: { arity: 'single', kinds: TEXT },
  $endsWithi: { arity: 'single', kinds: TEXT },
  $eqi: { arity: 'single', kinds: TEXT },
  $nei: { arity: 'single', kinds: TEXT },
  $null: { arity: 'flag', kinds: ANY },
  $notNull: { arity: 'flag', kinds: ANY },
}

const OPERATOR_SET: ReadonlySet<string> = new Set(OPERATORS)

export function isOperator(name: string): name is Operator {
  return OPERATOR_SET.has(name)
}
