import type { ErrorObject } from 'ajv'
import { memberPath } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import { MESSAGE_KEYWORD } from '../schemas/message-keyword.ts'
import { pointerToPath } from './detail-path.ts'

/** The schema's own message: a lone one for `pattern`, `format` and `not`, else by keyword. */
function customMessage(error: ErrorObject): string | undefined {
  const custom: unknown = error.parentSchema?.[MESSAGE_KEYWORD]
  if (typeof custom === 'string')
    return ['pattern', 'format', 'not'].includes(error.keyword) ? custom : undefined
  if (typeof custom !== 'object' || custom === null) return undefined
  const message: unknown = (custom as Record<string, unknown>)[error.keyword]
  return typeof message === 'string' ? message : undefined
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
}

const typeList = (types: readonly string[]): string =>
  types.map((type) => TYPE_NAMES[type] ?? type).join(' or ')

const shown = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value)

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`

function messageOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>
  const custom = customMessage(error)
  if (custom !== undefined) return custom
  switch (error.keyword) {
    case 'type':
      return `must be ${typeList(String(params.type).split(','))}`
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).map(shown).join(', ')}`
    case 'const':
      return `must be ${shown(params.allowedValue)}`
    case 'minLength':
      return params.limit === 1
        ? 'must not be empty'
        : `must be at least ${plural(Number(params.limit), 'character')}`
    case 'maxLength':
      return `must be at most ${plural(Number(params.limit), 'character')}`
    case 'minimum':
      return `must be at least ${shown(params.limit)}`
    case 'maximum':
      return `must be at most ${shown(params.limit)}`
    case 'minItems':
      return `must have at least ${plural(Number(params.limit), 'item')}`
    case 'maxItems':
      return `must have at most ${plural(Number(params.limit), 'item')}`
    case 'minProperties':
      return `must have at least ${plural(Number(params.limit), 'member')}`
    case 'maxProperties':
      return `must have at most ${plural(Number(params.limit), 'member')}`
    case 'uniqueItems':
      return `must not repeat an item (items ${Math.min(Number(params.i), Number(params.j))} and ${Math.max(Number(params.i), Number(params.j))} are the same)`
    case 'pattern':
      return `must match ${shown(params.pattern)}`
    case 'format':
      return `must be a valid ${shown(params.format)}`
    case 'not':
      return 'is not allowed'
    default:
      return error.message ?? 'is invalid'
  }
}

function detailOf(error: ErrorObject, body: unknown): ErrorDetail {
  const path = pointerToPath(error.instancePath, body)
  const params = error.params as Record<string, unknown>
  if (error.keyword === 'required') {
    return { path: memberPath(path, String(params.missingProperty)), message: 'is required' }
  }
  if (error.keyword === 'additionalProperties') {
    const allowed = Object.keys(
      (error.parentSchema?.properties as Record<string, unknown> | undefined) ?? {},
    )
    return {
      path: memberPath(path, String(params.additionalProperty)),
      message:
        allowed.length === 0
          ? 'is not accepted here'
          : `is not accepted here (allowed: ${allowed.join(', ')})`,
    }
  }
  return { path, message: messageOf(error) }
}

/**
 * The errors of one `anyOf` as what a person can act on: when no branch took the value's type,
 * "must be a string or null"; otherwise the problems of the branches whose type it has.
 */
function anyOfDetails(
  anyOf: ErrorObject,
  branchErrors: ErrorObject[],
  body: unknown,
): ErrorDetail[] {
  const typeErrorsHere = branchErrors.filter(
    (error) => error.keyword === 'type' && error.instancePath === anyOf.instancePath,
  )
  const rest = branchErrors.filter((error) => !typeErrorsHere.includes(error))
  if (rest.length > 0) return detailsOf(rest, body)
  const types = typeErrorsHere.flatMap((error) => String(error.params.type).split(','))
  return [
    {
      path: pointerToPath(anyOf.instancePath, body),
      message: `must be ${typeList([...new Set(types)])}`,
    },
  ]
}

/** ajv's errors (validated with `allErrors` and `verbose`) as the contract's details. */
export function detailsOf(errors: readonly ErrorObject[], body: unknown): ErrorDetail[] {
  const consumed = new Set<ErrorObject>()
  const details: ErrorDetail[] = []
  // ajv reports an anyOf after the errors of its branches; the outermost anyOf comes last
  for (const error of [...errors].reverse()) {
    if (consumed.has(error)) continue
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') {
      const branches = errors.filter(
        (candidate) =>
          !consumed.has(candidate) && candidate.schemaPath.startsWith(`${error.schemaPath}/`),
      )
      for (const branch of branches) consumed.add(branch)
      details.unshift(...anyOfDetails(error, branches, body))
    } else details.unshift(detailOf(error, body))
    consumed.add(error)
  }
  const byPath = new Map<string, ErrorDetail>()
  for (const detail of details) if (!byPath.has(detail.path)) byPath.set(detail.path, detail)
  return [...byPath.values()]
}
