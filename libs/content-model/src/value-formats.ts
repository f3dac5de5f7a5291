/** String formats of document values that ajv-formats does not check the way the contract means. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const ISO_DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|([+-])(\d{2}):(\d{2}))$/

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** `YYYY-MM-DD` naming a day that exists (no 2023-02-29). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
}

/**
 * ISO 8601 extended date-time with an explicit offset (`Z` or `±HH:MM`), seconds and fractions
 * optional: `2024-05-01T12:00Z`, `2024-05-01T12:00:00.123+02:00`. Without an offset a moment is
 * ambiguous, so it is refused.
 */
export function isIsoDateTime(value: string): boolean {
  const match = ISO_DATE_TIME.exec(value)
  if (!match || !isIsoDate(match[1]!)) return false
  const [hour, minute, second] = [Number(match[2]), Number(match[3]), Number(match[4] ?? 0)]
  if (hour > 23 || minute > 59 || second > 59) return false
  if (match[5] === undefined) return true
  return Number(match[6]) <= 23 && Number(match[7]) <= 59
}

const MAX_URL_LENGTH = 2048

/** An absolute http(s) URL with a host, at most 2048 characters. */
export function isHttpUrl(value: string): boolean {
  if (value.length > MAX_URL_LENGTH || /\s/.test(value) || !/^https?:\/\/[^/?#]/i.test(value)) {
    return false
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
}
