import type { FieldType } from './content-type.ts'
import { displayTextProblem, TEXT_LIMITS } from './display-text.ts'
import { CONTENT_TYPE_NAME_PATTERN } from './names.ts'

export const MAX_SELECT_OPTIONS = 500
export const MAX_TEXT_LENGTH_LIMIT = 1_000_000

/** The per-type members a field definition may carry besides name, label, type and required. */
export const FIELD_OPTION_NAMES = ['options', 'min', 'max', 'maxLength', 'target', 'many'] as const
export type FieldOptionName = (typeof FIELD_OPTION_NAMES)[number]

interface FieldOptionRule {
  appliesTo: readonly FieldType[]
  /** Why the value is not acceptable for a field of `type`, or undefined. */
  problem(value: unknown, type: FieldType): string | undefined
}

function boundProblem(value: unknown, type: FieldType): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a finite number'
  if (type === 'integer' && !Number.isSafeInteger(value)) {
    return 'must be a safe integer for an integer field'
  }
  return undefined
}

function selectOptionsProblem(value: unknown): string | undefined {
  if (!Array.isArray(value)) return 'must be an array of strings'
  if (value.length === 0) return 'must list at least one option'
  if (value.length > MAX_SELECT_OPTIONS) return `must list at most ${MAX_SELECT_OPTIONS} options`
  const seen = new Set<string>()
  for (const [index, option] of value.entries()) {
    const problem = displayTextProblem(option, { max: TEXT_LIMITS.option })
    if (problem) return `option ${index} ${problem}`
    if (seen.has(option as string)) return `option ${index} repeats ${JSON.stringify(option)}`
    seen.add(option as string)
  }
  return undefined
}

export const FIELD_OPTION_RULES: Readonly<Record<FieldOptionName, FieldOptionRule>> = {
  options: { appliesTo: ['select'], problem: selectOptionsProblem },
  min: { appliesTo: ['number', 'integer'], problem: boundProblem },
  max: { appliesTo: ['number', 'integer'], problem: boundProblem },
  maxLength: {
    appliesTo: ['text', 'textarea'],
    problem: (value) =>
      Number.isInteger(value) &&
      (value as number) >= 1 &&
      (value as number) <= MAX_TEXT_LENGTH_LIMIT
        ? undefined
        : `must be an integer from 1 to ${MAX_TEXT_LENGTH_LIMIT}`,
  },
  target: {
    appliesTo: ['relation'],
    problem: (value) =>
      typeof value === 'string' && CONTENT_TYPE_NAME_PATTERN.test(value)
        ? undefined
        : 'must be the name of a content type',
  },
  many: {
    appliesTo: ['relation', 'media'],
    problem: (value) => (typeof value === 'boolean' ? undefined : 'must be true or false'),
  },
}

/** Options a field of `type` must carry. */
export const REQUIRED_FIELD_OPTIONS: Readonly<
  Partial<Record<FieldType, readonly FieldOptionName[]>>
> = {
  select: ['options'],
  relation: ['target'],
}
