import { ValidationError } from '@cms/errors'

export { IDEMPOTENCY_KEY_HEADER } from '@cms/http'

/** 1..255 visible ASCII characters (VCHAR, 0x21-0x7E): no space, no control, nothing else. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/

/**
 * The key a request carries, undefined when it carries none. A header sent twice arrives joined
 * with ", ", which is no key (it has a space), so it is refused like any other malformed value.
 */
export function idempotencyKeyOf(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'string' && KEY_PATTERN.test(value)) return value
  throw ValidationError.single(
    'Idempotency-Key',
    'Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces)',
  )
}
