import { createHash } from 'node:crypto'

/** A strong validator for a response that came without one (lists): a digest of its bytes. */
export const digestTag = (body: Buffer): string =>
  `"${createHash('sha1').update(body).digest('base64url')}"`

const opaque = (tag: string): string => tag.trim().replace(/^W\//, '')

/** RFC 9110 13.1.2: `*` or any listed tag equal to `etag` under the weak comparison. */
export function noneMatchHolds(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true
  const wanted = opaque(etag)
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted)
}
