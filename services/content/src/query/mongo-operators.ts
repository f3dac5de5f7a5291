import type { ScalarValue } from './coercers.ts'
import type { ConditionValue } from './filter-node.ts'
import type { Operator } from './operators.ts'
import { literalPattern } from './regex-pattern.ts'
import type { TextMatch } from './regex-pattern.ts'

export type MongoFilter = Record<string, unknown>

type Translate = (path: string, value: ConditionValue) => MongoFilter

const one = (value: ConditionValue): ScalarValue => value as ScalarValue
const list = (value: ConditionValue): readonly ScalarValue[] => value as readonly ScalarValue[]

const compare =
  (mongoOperator: string): Translate =>
  (path, value) => ({
    [path]: { [mongoOperator]: one(value) },
  })

const regex =
  (match: TextMatch, caseInsensitive: boolean): Translate =>
  (path, value) => {
    const pattern = literalPattern(String(one(value)), match)
    return { [path]: caseInsensitive ? { $regex: pattern, $options: 'i' } : { $regex: pattern } }
  }

/** Negation as `$nor`: unlike `$not`, it takes any condition and reads the same on both servers. */
const negate =
  (translate: Translate): Translate =>
  (path, value) => ({
    $nor: [translate(path, value)],
  })

const isNull = (path: string): MongoFilter => ({ [path]: { $eq: null } })
const isNotNull = (path: string): MongoFilter => ({ [path]: { $ne: null } })

/**
 * One MongoDB condition per operator. On an array (tags) each matches when some element does,
 * and each negation when no element does. `{$eq: null}` matches a missing field too.
 */
export const MONGO_BY_OPERATOR: Readonly<Record<Operator, Translate>> = {
  $eq: compare('$eq'),
  $ne: compare('$ne'),
  $gt: compare('$gt'),
  $gte: compare('$gte'),
  $lt: compare('$lt'),
  $lte: compare('$lte'),
  $in: (path, value) => ({ [path]: { $in: list(value) } }),
  $notIn: (path, value) => ({ [path]: { $nin: list(value) } }),
  $between: (path, value) => ({ [path]: { $gte: list(value)[0], $lte: list(value)[1] } }),
  $contains: regex('contains', true),
  $containsi: regex('contains', true),
  $notContains: negate(regex('contains', true)),
  $notContainsi: negate(regex('contains', true)),
  $startsWith: regex('startsWith', false),
  $startsWithi: regex('startsWith', true),
  $endsWith: regex('endsWith', false),
  $endsWithi: regex('endsWith', true),
  $eqi: regex('equals', true),
  $nei: negate(regex('equals', true)),
  $null: (path, value) => (one(value) ? isNull(path) : isNotNull(path)),
  $notNull: (path, value) => (one(value) ? isNotNull(path) : isNull(path)),
}
