import { memberPath } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import { FIELD_TYPES } from './content-type.ts'
import type { FieldDefinition, FieldType } from './content-type.ts'
import { isPlainObject } from './plain-object.ts'
import {
  FIELD_OPTION_NAMES,
  FIELD_OPTION_TYPES,
  LIST_OF_COMPONENTS,
  REQUIRED_FIELD_OPTIONS,
} from './field-options.ts'
import { patternProblem } from './linear-pattern.ts'

/** Members a client may send as null to mean "not set". */
export type Settable<T> = { [K in keyof T]?: T[K] | null }

/** One element of `fields` as the request schema (@cms/contract) admits it. */
export type FieldDefinitionInput = Pick<FieldDefinition, 'name' | 'type'> &
  Settable<Omit<FieldDefinition, 'name' | 'type'>>

export const isSet = (value: unknown): boolean => value !== undefined && value !== null

const isFieldType = (value: unknown): value is FieldType =>
  typeof value === 'string' && (FIELD_TYPES as readonly string[]).includes(value)

function boundProblems(input: Record<string, unknown>, path: string): ErrorDetail[] {
  const problems: ErrorDetail[] = []
  const { min, max } = input
  for (const [name, value] of [
    ['min', min],
    ['max', max],
  ] as const) {
    if (input.type === 'integer' && typeof value === 'number' && !Number.isSafeInteger(value))
      problems.push({
        path: memberPath(path, name),
        message: 'must be a safe integer for an integer field',
      })
  }
  if (typeof min === 'number' && typeof max === 'number' && min > max)
    problems.push({ path: memberPath(path, 'min'), message: 'must not be greater than max' })
  return [...problems, ...itemCountProblems(input, path)]
}

/** A repeatable component's and a blocks field's min and max count items. */
function itemCountProblems(input: Record<string, unknown>, path: string): ErrorDetail[] {
  if (!LIST_OF_COMPONENTS.includes(input.type as FieldType)) return []
  const problems: ErrorDetail[] = []
  for (const name of ['min', 'max'] as const) {
    const value = input[name]
    if (!isSet(value)) continue
    if (input.type === 'component' && input.repeatable !== true)
      problems.push({
        path: memberPath(path, name),
        message: 'is allowed for a component field only with repeatable: true',
      })
    else if (typeof value === 'number' && !(Number.isInteger(value) && value >= 0))
      problems.push({
        path: memberPath(path, name),
        message: 'must be a count of items (0 or more)',
      })
  }
  return problems
}

/** `pattern` must compile in RE2's syntax; `patternMessage` only says something beside one. */
function patternProblems(input: Record<string, unknown>, path: string): ErrorDetail[] {
  const { pattern, patternMessage } = input
  const problem = typeof pattern === 'string' ? patternProblem(pattern) : undefined
  return [
    ...(problem ? [{ path: memberPath(path, 'pattern'), message: problem }] : []),
    ...(isSet(patternMessage) && !isSet(pattern)
      ? [{ path: memberPath(path, 'patternMessage'), message: 'is allowed only with pattern' }]
      : []),
  ]
}

/**
 * What the request schema cannot say of one element of `fields`: which options its type takes
 * and needs, integer bounds that are safe integers, min <= max, item counts, and a pattern RE2
 * compiles. It runs on the element as
 * sent, beside the schema, so one 422 lists everything; an element whose type the schema refuses
 * has nothing to add.
 */
export function fieldRuleProblems(input: unknown, path: string): ErrorDetail[] {
  if (!isPlainObject(input) || !isFieldType(input.type)) return []
  const type = input.type
  const problems: ErrorDetail[] = []
  for (const name of FIELD_OPTION_NAMES) {
    const optionPath = memberPath(path, name)
    const appliesTo = FIELD_OPTION_TYPES[name]
    if (!isSet(input[name])) {
      if (REQUIRED_FIELD_OPTIONS[type]?.includes(name))
        problems.push({ path: optionPath, message: `is required for a ${type} field` })
    } else if (!appliesTo.includes(type)) {
      problems.push({
        path: optionPath,
        message: `is not allowed for a ${type} field (only ${appliesTo.join(', ')})`,
      })
    }
  }
  return [...problems, ...boundProblems(input, path), ...patternProblems(input, path)]
}

/** An accepted element of `fields` with its defaults (label = name, required = false). */
export function fieldFromInput(input: FieldDefinitionInput): FieldDefinition {
  const field: FieldDefinition = {
    name: input.name,
    label: input.label ?? input.name,
    type: input.type,
    required: input.required ?? false,
  }
  if (isSet(input.localized)) field.localized = input.localized!
  for (const name of FIELD_OPTION_NAMES) {
    const value = input[name]
    if (isSet(value)) Object.assign(field, { [name]: value })
  }
  return field
}
