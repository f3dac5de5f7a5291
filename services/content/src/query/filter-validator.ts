import type { ErrorDetail } from '@cms/errors'
import { COERCERS } from './coercers.ts'
import type { ScalarValue } from './coercers.ts'
import type { FieldCatalog } from './field-catalog.ts'
import type { FieldRef } from './field-kinds.ts'
import { allOf, MATCH_ALL } from './filter-node.ts'
import type { ConditionValue, FilterNode } from './filter-node.ts'
import { isOperator, OPERATOR_SPECS } from './operators.ts'
import type { Operator } from './operators.ts'
import { QUERY_LIMITS } from './query-limits.ts'
import { readOperatorValue } from './operator-value.ts'
import { quoteValue } from './quote-value.ts'

export interface FilterValidation {
  node: FilterNode
  issues: ErrorDetail[]
}

interface Walk {
  catalog: FieldCatalog
  issues: ErrorDetail[]
  conditions: number
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `filters[data][title][$eq]` is `filters[data.title][$eq]`, as `qs.stringify` writes nested
 * objects; so is `filters[author][title][$eq]` under a relation field, and
 * `filters[seo][title][$eq]` under a component field.
 */
const isFieldGroup = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) && Object.keys(value).every((key) => !key.startsWith('$'))

/**
 * Walks the whole `filters` tree and reports every problem in it (unknown fields and operators,
 * misplaced lists, bad values, too deep, too many), returning the typed tree it describes.
 */
export function validateFilters(raw: unknown, catalog: FieldCatalog): FilterValidation {
  const walk: Walk = { catalog, issues: [], conditions: 0 }
  if (raw === undefined || raw === '') return { node: MATCH_ALL, issues: [] }
  const node = filterObject(walk, raw, 'filters', 0)
  if (walk.conditions > QUERY_LIMITS.maxConditions) {
    walk.issues.push({
      path: 'filters',
      message: `${walk.conditions} conditions; at most ${QUERY_LIMITS.maxConditions} are allowed`,
    })
  }
  return { node, issues: walk.issues }
}

function issue(walk: Walk, path: string, message: string): void {
  walk.issues.push({ path, message })
}

function filterObject(walk: Walk, raw: unknown, at: string, depth: number): FilterNode {
  if (!isRecord(raw)) {
    issue(walk, at, 'expected fields and operators, as in filters[title][$eq]=value')
    return MATCH_ALL
  }
  const children: FilterNode[] = []
  for (const [key, value] of Object.entries(raw)) {
    const here = `${at}[${key}]`
    if (key === '$and' || key === '$or') children.push(logicalList(walk, key, value, here, depth))
    else if (key === '$not') children.push(logicalNot(walk, value, here, depth))
    else if (key.startsWith('$')) {
      issue(
        walk,
        here,
        `unknown operator ${quoteValue(key)}; here a field name, $and, $or or $not belongs`,
      )
    } else if (key === 'data' && isFieldGroup(value)) {
      for (const [name, conditions] of Object.entries(value)) {
        children.push(
          ...fieldConditions(walk, `data.${name}`, conditions, `${here}[${name}]`, depth),
        )
      }
    } else children.push(...fieldConditions(walk, key, value, here, depth))
  }
  return allOf(children)
}

function deeperThanAllowed(walk: Walk, at: string, depth: number): boolean {
  if (depth < QUERY_LIMITS.maxLogicalDepth) return false
  issue(walk, at, `logical operators nest at most ${QUERY_LIMITS.maxLogicalDepth} levels deep`)
  return true
}

function logicalList(
  walk: Walk,
  key: '$and' | '$or',
  raw: unknown,
  at: string,
  depth: number,
): FilterNode {
  if (deeperThanAllowed(walk, at, depth)) return MATCH_ALL
  if (!Array.isArray(raw) || raw.length === 0) {
    issue(walk, at, `${key} takes a list of filters, as in ${at}[0][title][$eq]=value`)
    return MATCH_ALL
  }
  const children = raw.map((clause, index) =>
    filterObject(walk, clause, `${at}[${index}]`, depth + 1),
  )
  return key === '$and' ? { op: 'and', children } : { op: 'or', children }
}

function logicalNot(walk: Walk, raw: unknown, at: string, depth: number): FilterNode {
  if (deeperThanAllowed(walk, at, depth)) return MATCH_ALL
  return { op: 'not', child: filterObject(walk, raw, at, depth + 1) }
}

function fieldConditions(
  walk: Walk,
  name: string,
  raw: unknown,
  at: string,
  depth: number,
): FilterNode[] {
  const lookup = walk.catalog.lookup(name)
  if (lookup.ok && (lookup.field.kind === 'relation' || lookup.field.nests) && isFieldGroup(raw)) {
    // `filters[author][title][$eq]`: conditions on fields of the related documents;
    // `filters[seo][title][$eq]`: on a field of a component.
    return Object.entries(raw).flatMap(([inner, conditions]) =>
      fieldConditions(walk, `${name}.${inner}`, conditions, `${at}[${inner}]`, depth),
    )
  }
  if (!lookup.ok) issue(walk, at, lookup.message)
  // An unknown field's operators are still checked, so one answer names every problem.
  return operatorConditions(walk, lookup.ok ? lookup.field : undefined, raw, at, depth)
}

function operatorConditions(
  walk: Walk,
  field: FieldRef | undefined,
  raw: unknown,
  at: string,
  depth: number,
): FilterNode[] {
  if (typeof raw === 'string') return condition(walk, field, '$eq', raw, at)
  if (!isRecord(raw)) {
    issue(walk, at, 'expected a value or operators, as in [$eq]=value; got a list')
    return []
  }
  const nodes: FilterNode[] = []
  for (const [key, value] of Object.entries(raw)) {
    const here = `${at}[${key}]`
    if (key === '$not') {
      if (deeperThanAllowed(walk, here, depth)) continue
      const inner = operatorConditions(walk, field, value, here, depth + 1)
      nodes.push({ op: 'not', child: allOf(inner) })
    } else if (isOperator(key)) nodes.push(...condition(walk, field, key, value, here))
    else issue(walk, here, `unknown operator ${quoteValue(key)}`)
  }
  return nodes
}

function condition(
  walk: Walk,
  field: FieldRef | undefined,
  operator: Operator,
  raw: unknown,
  at: string,
): FilterNode[] {
  walk.conditions += 1
  const spec = OPERATOR_SPECS[operator]
  const read = readOperatorValue(spec.arity, operator, raw)
  if (!read.ok) {
    issue(walk, at, read.message)
    return []
  }
  if (!field) return []
  if (!spec.kinds.includes(field.kind)) {
    issue(walk, at, `${operator} does not apply to ${field.kind} field "${field.name}"`)
    return []
  }
  const value = coerce(walk, field, read.value, at)
  if (value === undefined) return []
  const { path, kind, via } = field
  return [{ op: 'condition', path, kind, operator, value, ...(via ? { via } : {}) }]
}

function coerce(
  walk: Walk,
  field: FieldRef,
  raw: string | boolean | readonly string[],
  at: string,
): ConditionValue | undefined {
  if (typeof raw === 'boolean') return raw
  if (field.kind === 'opaque') return undefined
  const coercer = COERCERS[field.kind]
  const texts = typeof raw === 'string' ? [raw] : raw
  const values: ScalarValue[] = []
  for (const text of texts) {
    const coerced = coercer(text)
    if (coerced.ok) values.push(coerced.value)
    else issue(walk, at, `${coerced.message} (field "${field.name}")`)
  }
  if (values.length !== texts.length) return undefined
  return typeof raw === 'string' ? values[0] : values
}
