import { isDocumentId } from '@cms/content-model'
import type { FieldKind } from './field-kinds.ts'
import { normalizeDatetime, parseIsoDate, parseIsoTimestamp } from './iso-dates.ts'
import { quoteValue } from './quote-value.ts'

export type ScalarValue = string | number | boolean | Date

export type Coerced = { ok: true; value: ScalarValue } | { ok: false; message: string }

export type Coercer = (raw: string) => Coerced

const ok = (value: ScalarValue): Coerced => ({ ok: true, value })
const fail = (message: string): Coerced => ({ ok: false, message })

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/
const INTEGER = /^[+-]?\d+$/

export const coerceString: Coercer = (raw) => ok(raw)

export const coerceNumber: Coercer = (raw) => {
  const value = Number(raw)
  if (!DECIMAL.test(raw) || !Number.isFinite(value)) {
    return fail(`${quoteValue(raw)} is not a finite number`)
  }
  return ok(value)
}

export const coerceInteger: Coercer = (raw) => {
  const value = Number(raw)
  if (!INTEGER.test(raw) || !Number.isSafeInteger(value)) {
    return fail(`${quoteValue(raw)} is not an integer between -(2^53-1) and 2^53-1`)
  }
  return ok(value)
}

const BOOLEANS: ReadonlyMap<string, boolean> = new Map([
  ['true', true],
  ['false', false],
  ['1', true],
  ['0', false],
])

export const coerceBoolean: Coercer = (raw) => {
  const value = BOOLEANS.get(raw)
  return value === undefined
    ? fail(`${quoteValue(raw)} is not a boolean (true or false)`)
    : ok(value)
}

export const coerceDate: Coercer = (raw) => {
  const value = parseIsoDate(raw)
  return value === undefined
    ? fail(`${quoteValue(raw)} is not a valid date (YYYY-MM-DD)`)
    : ok(value)
}

export const coerceDatetime: Coercer = (raw) => {
  const value = normalizeDatetime(raw)
  return value === undefined
    ? fail(`${quoteValue(raw)} is not a valid ISO 8601 date-time`)
    : ok(value)
}

export const coerceTimestamp: Coercer = (raw) => {
  const value = parseIsoTimestamp(raw)
  return value === undefined
    ? fail(`${quoteValue(raw)} is not a valid ISO 8601 date or date-time`)
    : ok(value)
}

export const coerceDocumentId: Coercer = (raw) =>
  isDocumentId(raw) ? ok(raw) : fail(`${quoteValue(raw)} is not a document id`)

/** Turns a query-string value into the stored type of a field of each kind. */
export const COERCERS: Readonly<Record<Exclude<FieldKind, 'opaque'>, Coercer>> = {
  string: coerceString,
  // Operators on tags compare single elements, which are strings.
  tags: coerceString,
  number: coerceNumber,
  integer: coerceInteger,
  boolean: coerceBoolean,
  date: coerceDate,
  datetime: coerceDatetime,
  timestamp: coerceTimestamp,
  relation: coerceDocumentId,
}
