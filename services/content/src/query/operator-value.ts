import type { OperatorArity } from './operators.ts'
import { QUERY_LIMITS } from './query-limits.ts'

/** An operator's value in its query-string shape, before coercion to the field's type. */
export type OperatorValue =
  | { ok: true; value: string | boolean | readonly string[] }
  | {
      ok: false
      message: string
    }

const LONE_SURROGATE = /\p{Cs}/u

function textProblem(text: string): string | undefined {
  if (text.length > QUERY_LIMITS.maxValueLength) {
    return `values are at most ${QUERY_LIMITS.maxValueLength} characters`
  }
  if (text.includes('\u0000')) return 'values must not contain NUL characters'
  if (LONE_SURROGATE.test(text)) return 'values must be valid Unicode text'
  return undefined
}

/** `$in` / `$notIn` / `$between` take `a,b,c` or the array that `qs.stringify` sends. */
function readList(operator: string, raw: unknown): OperatorValue {
  const items = typeof raw === 'string' ? raw.split(',') : raw
  if (!Array.isArray(items) || !items.every((item) => typeof item === 'string')) {
    return { ok: false, message: `${operator} takes a comma-separated list or [0]=a&[1]=b` }
  }
  if (items.length > QUERY_LIMITS.maxListValues) {
    return { ok: false, message: `${operator} takes at most ${QUERY_LIMITS.maxListValues} values` }
  }
  const problem = items.map(textProblem).find((found) => found !== undefined)
  return problem ? { ok: false, message: problem } : { ok: true, value: items }
}

export function readOperatorValue(
  arity: OperatorArity,
  operator: string,
  raw: unknown,
): OperatorValue {
  switch (arity) {
    case 'single': {
      if (typeof raw !== 'string') {
        return { ok: false, message: `${operator} takes a single value, not a list or object` }
      }
      const problem = textProblem(raw)
      return problem ? { ok: false, message: problem } : { ok: true, value: raw }
    }
    case 'flag':
      if (raw === 'true') return { ok: true, value: true }
      if (raw === 'false') return { ok: true, value: false }
      return { ok: false, message: `${operator} takes true (or false)` }
    case 'list':
      return readList(operator, raw)
    case 'pair': {
      const read = readList(operator, raw)
      if (read.ok && (read.value as readonly string[]).length !== 2) {
        return { ok: false, message: `${operator} takes exactly two values: low,high` }
      }
      return read
    }
  }
}
