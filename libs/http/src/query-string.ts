import qs from 'qs'
import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import { QS_DEPTH, QUERY_STRING_LIMITS as QUERY_LIMITS } from '@cms/contract'

/**
 * Bracket notation as `qs.stringify(..., {encodeValuesOnly: true})` writes it, with every limit
 * explicit: input beyond them throws instead of being folded into odd keys.
 */
export const QS_PARSE_OPTIONS = {
  depth: QS_DEPTH,
  strictDepth: true,
  arrayLimit: QUERY_LIMITS.maxListValues,
  parameterLimit: QUERY_LIMITS.maxParameters,
  throwOnLimitExceeded: true,
  allowPrototypes: false,
  plainObjects: true,
  allowDots: false,
  allowSparse: false,
  allowEmptyArrays: false,
  parseArrays: true,
  comma: false,
  duplicates: 'combine',
  strictMerge: true,
  ignoreQueryPrefix: true,
  charsetSentinel: false,
  interpretNumericEntities: false,
  strictNullHandling: false,
} as const satisfies qs.IParseOptions

export type ParsedParams = Readonly<Record<string, unknown>>

function decodeKey(part: string): string {
  // Where qs itself splits a pair: `]=` first, so `a[b=c]=d` has the key `a[b=c]`.
  const bracketEquals = part.indexOf(']=')
  const end = bracketEquals === -1 ? part.indexOf('=') : bracketEquals + 1
  const key = (end === -1 ? part : part.slice(0, end)).replace(/\+/g, ' ')
  try {
    return decodeURIComponent(key)
  } catch {
    return key
  }
}

/** qs drops `__proto__` keys without a word; a query that names one is refused instead. */
function prototypeKeys(raw: string): ErrorDetail[] {
  if (!raw.includes('proto')) return []
  return raw
    .split('&')
    .map(decodeKey)
    .filter((key) => key.includes('__proto__'))
    .map((key) => ({ path: key.slice(0, 200), message: '"__proto__" is not a field or operator' }))
}

/** Parses a raw query string once, refusing what is beyond the limits with a 422. */
export function parseQueryString(raw: string): ParsedParams {
  if (raw.length > QUERY_LIMITS.maxQueryStringLength) {
    throw ValidationError.single(
      '',
      `the query string is longer than ${QUERY_LIMITS.maxQueryStringLength} characters`,
    )
  }
  const prototypes = prototypeKeys(raw)
  if (prototypes.length > 0) throw new ValidationError('Invalid query parameters', prototypes)
  try {
    return qs.parse(raw, QS_PARSE_OPTIONS)
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    throw ValidationError.single('', limitMessage(error))
  }
}

function limitMessage(error: RangeError): string {
  if (error.message.includes('depth')) {
    return `keys nest too deeply: at most ${QUERY_LIMITS.maxLogicalDepth} levels of $and / $or / $not`
  }
  if (error.message.includes('Parameter')) {
    return `at most ${QUERY_LIMITS.maxParameters} query parameters are allowed`
  }
  return `lists (and $and / $or clauses) hold at most ${QUERY_LIMITS.maxListValues} entries`
}
