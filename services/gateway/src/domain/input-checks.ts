import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'

export type Problems = ErrorDetail[]

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The body as an object, with a problem for every member that is not `allowed`. */
export function objectBody(
  body: unknown,
  allowed: readonly string[],
  problems: Problems,
): Record<string, unknown> {
  if (!isPlainObject(body)) {
    problems.push({ path: '', message: 'must be a JSON object' })
    return {}
  }
  for (const name of Object.keys(body)) {
    if (!allowed.includes(name)) problems.push({ path: name, message: 'is not a known member' })
  }
  return body
}

const CONTROL_CHARACTERS = /\p{Cc}/u

/** A display name: trimmed, 1 to 100 characters, no control characters. */
export function displayName(value: unknown, path: string, problems: Problems): string | undefined {
  if (typeof value !== 'string') {
    problems.push({ path, message: 'must be a string' })
    return undefined
  }
  const trimmed = value.trim()
  if (trimmed.length === 0 || trimmed.length > 100) {
    problems.push({ path, message: 'must be 1 to 100 characters' })
    return undefined
  }
  if (CONTROL_CHARACTERS.test(trimmed)) {
    problems.push({ path, message: 'must not contain control characters' })
    return undefined
  }
  return trimmed
}

export function integerIn(
  value: unknown,
  range: { min: number; max: number },
  path: string,
  problems: Problems,
): number | undefined {
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < range.min ||
    value > range.max
  ) {
    problems.push({ path, message: `must be an integer from ${range.min} to ${range.max}` })
    return undefined
  }
  return value
}

export function throwIfProblems(problems: Problems, message = 'The request body is invalid'): void {
  if (problems.length > 0) throw new ValidationError(message, problems)
}
