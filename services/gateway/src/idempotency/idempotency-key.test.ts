import { describe, expect, it } from 'vitest'
import { ValidationError } from '@cms/errors'
import { idempotencyKeyOf } from './idempotency-key.ts'

describe('idempotencyKeyOf', () => {
  it('when no header is sent, then there is no key', () => {
    expect(idempotencyKeyOf(undefined)).toBeUndefined()
  })

  it('when the value is 1 to 255 visible ASCII characters, then it is the key as sent', () => {
    for (const key of ['a', 'x'.repeat(255), '!~{}:/=+', 'order-42_retry.1'])
      expect(idempotencyKeyOf(key)).toBe(key)
  })

  it('when the value is empty, too long, has spaces, controls or non-ASCII, or is sent twice, then it is a validation error', () => {
    for (const value of [
      '',
      'x'.repeat(256),
      'a b',
      'tab\there',
      'nul\u0000',
      'é',
      'a\u007f',
      ['a', 'b'],
    ]) {
      expect(() => idempotencyKeyOf(value), JSON.stringify(value)).toThrow(ValidationError)
    }
  })
})
