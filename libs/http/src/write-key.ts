import { createHash } from 'node:crypto'
import type { Context } from 'koa'

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'

/** How long a key names its first request (extensions.md E); after that it is free again. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000

/** Whether a change made at `madeAt` under a key is still that key's request at `now`. */
export const keyStillHeld = (madeAt: Date, now: Date): boolean =>
  now.getTime() - madeAt.getTime() < IDEMPOTENCY_RETENTION_MS

/**
 * A keyed write as a service sees it: the website, the client's `Idempotency-Key`, the method,
 * the path with its query, and the body. The gateway gives a key up when the answer was a 5xx,
 * though the service may have committed the change (docs/gateway.md, "Idempotency keys"), so a
 * service records this with the change and recognizes its own committed change on the retry.
 */
export function writeKeyOf(ctx: Context, websiteId: string): string | undefined {
  const key = ctx.get(IDEMPOTENCY_KEY_HEADER)
  if (key === '') return undefined
  const request = [websiteId, key, ctx.method, ctx.url, ctx.request.body ?? null]
  return createHash('sha256').update(JSON.stringify(request)).digest('hex')
}

/** The id a keyed create gives what it makes: the same for each retry (a version 8 UUID). */
export function idOfKeyedCreate(writeKey: string): string {
  const hex = writeKey.slice(0, 32)
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `8${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-')
}

/** What a create under a write key does: answer what it made, or make a new record under `id`. */
export type KeyedCreate<T> =
  { made: T; id?: undefined } | { made?: undefined; id: string | undefined }

/**
 * A create that carries a write key looks for what an earlier attempt of the same request made
 * (one read by id): `made` while the key holds; else the id to make it under (undefined when the
 * request has no key, or its key has expired and the id is taken: an id of its own).
 */
export async function keyedCreate<T>(
  writeKey: string | undefined,
  options: {
    now: Date
    find: (id: string) => Promise<T | null | undefined>
    madeAt: (made: T) => Date
  },
): Promise<KeyedCreate<T>> {
  if (writeKey === undefined) return { id: undefined }
  const id = idOfKeyedCreate(writeKey)
  const found = await options.find(id)
  if (!found) return { id }
  return keyStillHeld(options.madeAt(found), options.now) ? { made: found } : { id: undefined }
}
