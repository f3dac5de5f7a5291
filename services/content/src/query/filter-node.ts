import type { ScalarValue } from './coercers.ts'
import type { FieldKind, RelationHop } from './field-kinds.ts'
import type { Operator } from './operators.ts'

/** A flag (`$null`), one value, or the values of `$in` / `$notIn` / `$between`. */
export type ConditionValue = ScalarValue | readonly ScalarValue[]

/** A validated filter: every path exists and every value has its field's stored type. */
export type FilterNode =
  | { op: 'and'; children: readonly FilterNode[] }
  | { op: 'or'; children: readonly FilterNode[] }
  | { op: 'not'; child: FilterNode }
  | FieldCondition

/** One operator on one field; with `via`, on a field of the documents a relation names. */
export interface FieldCondition {
  op: 'condition'
  path: string
  kind: FieldKind
  operator: Operator
  value: ConditionValue
  via?: RelationHop
}

export const MATCH_ALL: FilterNode = { op: 'and', children: [] }

const matchesAll = (node: FilterNode): boolean => node.op === 'and' && node.children.length === 0

/** The conjunction of `children`, without clauses that match everything. */
export function allOf(children: readonly FilterNode[]): FilterNode {
  const kept = children.filter((child) => !matchesAll(child))
  return kept.length === 1 ? kept[0]! : { op: 'and', children: kept }
}
