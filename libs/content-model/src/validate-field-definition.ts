import type { ErrorDetail } from '@cms/errors'
import { FIELD_TYPES } from './content-type.ts'
import type { FieldDefinition, FieldType } from './content-type.ts'
import { isPlainObject, memberPath } from './detail-path.ts'
import { displayTextProblem, TEXT_LIMITS } from './display-text.ts'
import { FIELD_OPTION_NAMES, FIELD_OPTION_RULES, REQUIRED_FIELD_OPTIONS } from './field-options.ts'
import type { FieldOptionName } from './field-options.ts'
import { FIELD_NAME_PATTERN, RESERVED_FIELD_NAMES } from './names.ts'

export const FIELD_DEFINITION_MEMBERS: readonly string[] = [
  'name',
  'label',
  'type',
  'required',
  'localized',
  ...FIELD_OPTION_NAMES,
]

export interface CheckedField {
  /** Undefined when the definition has problems. */
  field: FieldDefinition | undefined
  problems: ErrorDetail[]
}

export function fieldNameProblem(value: unknown): string | undefined {
  if (value === undefined || value === null) return 'is required'
  if (typeof value !== 'string') return 'must be a string'
  if (RESERVED_FIELD_NAMES.includes(value)) {
    return `is reserved: ${RESERVED_FIELD_NAMES.join(', ')} cannot be field names`
  }
  if (!FIELD_NAME_PATTERN.test(value)) return `must match ${FIELD_NAME_PATTERN.source}`
  return undefined
}

const isFieldType = (value: unknown): value is FieldType =>
  typeof value === 'string' && (FIELD_TYPES as readonly string[]).includes(value)

function checkOptions(
  input: Record<string, unknown>,
  type: FieldType,
  path: string,
  problems: ErrorDetail[],
) {
  const options: Partial<Record<FieldOptionName, unknown>> = {}
  for (const name of FIELD_OPTION_NAMES) {
    const value = input[name]
    const optionPath = memberPath(path, name)
    if (value === undefined || value === null) {
      if (REQUIRED_FIELD_OPTIONS[type]?.includes(name)) {
        problems.push({ path: optionPath, message: `is required for a ${type} field` })
      }
      continue
    }
    const rule = FIELD_OPTION_RULES[name]
    if (!rule.appliesTo.includes(type)) {
      problems.push({
        path: optionPath,
        message: `is not allowed for a ${type} field (only ${rule.appliesTo.join(', ')})`,
      })
      continue
    }
    const problem = rule.problem(value, type)
    if (problem) problems.push({ path: optionPath, message: problem })
    else options[name] = value
  }
  if (
    typeof options.min === 'number' &&
    typeof options.max === 'number' &&
    options.min > options.max
  ) {
    problems.push({ path: memberPath(path, 'min'), message: 'must not be greater than max' })
  }
  return options
}

/** Checks one element of `fields` and fills in its defaults (label = name, required = false). */
export function checkFieldDefinition(input: unknown, path: string): CheckedField {
  if (!isPlainObject(input)) {
    return { field: undefined, problems: [{ path, message: 'must be an object' }] }
  }
  const problems: ErrorDetail[] = []
  for (const key of Object.keys(input)) {
    if (!FIELD_DEFINITION_MEMBERS.includes(key)) {
      problems.push({
        path: memberPath(path, key),
        message: `is not a member of a field definition (allowed: ${FIELD_DEFINITION_MEMBERS.join(
          ', ',
        )})`,
      })
    }
  }
  const nameProblem = fieldNameProblem(input.name)
  if (nameProblem) problems.push({ path: memberPath(path, 'name'), message: nameProblem })
  const type = input.type
  if (!isFieldType(type)) {
    problems.push({
      path: memberPath(path, 'type'),
      message:
        type === undefined || type === null
          ? 'is required'
          : `must be one of: ${FIELD_TYPES.join(', ')}`,
    })
  }
  const hasLabel = input.label !== undefined && input.label !== null
  const labelProblem = hasLabel
    ? displayTextProblem(input.label, { max: TEXT_LIMITS.label })
    : undefined
  if (labelProblem) problems.push({ path: memberPath(path, 'label'), message: labelProblem })
  const required = input.required ?? false
  if (typeof required !== 'boolean') {
    problems.push({ path: memberPath(path, 'required'), message: 'must be true or false' })
  }
  const localized = input.localized ?? undefined
  if (localized !== undefined && typeof localized !== 'boolean') {
    problems.push({ path: memberPath(path, 'localized'), message: 'must be true or false' })
  }
  const options = isFieldType(type) ? checkOptions(input, type, path, problems) : {}

  if (problems.length > 0 || !isFieldType(type)) return { field: undefined, problems }
  const name = input.name as string
  const field: FieldDefinition = {
    name,
    label: hasLabel ? (input.label as string) : name,
    type,
    required: required as boolean,
    ...(typeof localized === 'boolean' ? { localized } : {}),
    ...(options as Pick<FieldDefinition, FieldOptionName>),
  }
  return { field, problems }
}
