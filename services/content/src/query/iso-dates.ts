/**
 * Strict ISO 8601 parsing for filter values. `Date.parse` rolls 2024-02-30 over to March and
 * reads an offset-less time in the server's zone; a filter must do neither.
 */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|z|[+\- ]\d{2}:?\d{2})?)?$/

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0
}

function offsetMinutes(zone: string | undefined): number | undefined {
  if (zone === undefined || zone === 'Z' || zone === 'z') return 0
  // A `+` typed into a URL arrives as a space.
  const sign = zone[0] === '-' ? -1 : 1
  const digits = zone.slice(1).replace(':', '')
  const hours = Number(digits.slice(0, 2))
  const minutes = Number(digits.slice(2))
  if (hours > 23 || minutes > 59) return undefined
  return sign * (hours * 60 + minutes)
}

function fromParts(parts: number[], offset: number): Date {
  const [year, month, day, hour, minute, second, millisecond] = parts as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const date = new Date(0)
  // setUTCFullYear, unlike Date.UTC, does not map years 0..99 to 1900..1999.
  date.setUTCFullYear(year, month - 1, day)
  date.setUTCHours(hour, minute - offset, second, millisecond)
  return date
}

/**
 * `YYYY-MM-DD` (midnight UTC) or `YYYY-MM-DDTHH:mm[:ss[.fff]][Z|±HH:mm]`; without a zone the
 * time is UTC. Years 0000-9999 only, so normalized strings keep sorting as text.
 */
export function parseIsoTimestamp(raw: string): Date | undefined {
  const match = ISO_DATE_TIME.exec(raw)
  if (!match) return undefined
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone] = match
  const year = Number(y)
  const month = Number(mo)
  const day = Number(d)
  const hour = Number(h)
  const minute = Number(mi)
  const second = Number(s)
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined
  if (hour > 23 || minute > 59 || second > 59) return undefined
  const offset = offsetMinutes(zone)
  if (offset === undefined) return undefined
  const millisecond = Number(fraction.padEnd(3, '0').slice(0, 3))
  const date = fromParts([year, month, day, hour, minute, second, millisecond], offset)
  const resultYear = date.getUTCFullYear()
  return resultYear < 0 || resultYear > 9999 ? undefined : date
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** A calendar date exactly as `date` fields store it. */
export function parseIsoDate(raw: string): string | undefined {
  return DATE_ONLY.test(raw) && parseIsoTimestamp(raw) ? raw : undefined
}

/** The one form `datetime` values are stored in, so that text order is time order. */
export function normalizeDatetime(raw: string): string | undefined {
  return parseIsoTimestamp(raw)?.toISOString()
}
