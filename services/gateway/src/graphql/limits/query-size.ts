import { limitError } from './limit-error.ts'

const encoder = new TextEncoder()

/** Throws QUERY_TOO_LARGE when the query text is longer than `maxBytes` in UTF-8; never parses it. */
export function assertQuerySize(query: string, maxBytes: number): void {
  // Each character takes at most 3 bytes: a text this short cannot pass, so it is not encoded.
  if (query.length * 3 <= maxBytes) return
  const measured = encoder.encode(query).length
  if (measured <= maxBytes) return
  throw limitError({
    code: 'QUERY_TOO_LARGE',
    message: `The query is ${measured} bytes; at most ${maxBytes} are accepted`,
    limit: maxBytes,
    measured,
  })
}
