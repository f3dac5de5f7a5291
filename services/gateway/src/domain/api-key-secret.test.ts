import { describe, expect, it } from 'vitest'
import { displayPrefix, looksLikeApiKey, newKeySecret } from './api-key-secret.ts'
import { hashSecret } from './secret.ts'

describe('api key secrets', () => {
  it('when a key is made, then it carries 32 random bytes after the cms_ marker', () => {
    const { key } = newKeySecret()
    expect(key).toMatch(/^cms_[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(key.slice(4), 'base64url')).toHaveLength(32)
  })

  it('when two keys are made, then they differ', () => {
    expect(newKeySecret().key).not.toBe(newKeySecret().key)
  })

  it('when a key is made, then only its SHA-256 hash and a short prefix describe it', () => {
    const made = newKeySecret(() => Buffer.alloc(32, 7))
    expect(made.hash).toBe(hashSecret(made.key))
    expect(made.hash).toMatch(/^[0-9a-f]{64}$/)
    expect(made.prefix).toBe(made.key.slice(0, 12))
    expect(displayPrefix(made.key)).toBe(made.prefix)
  })

  it('when a value is obviously not a key, then it is recognised without a lookup', () => {
    expect(looksLikeApiKey(newKeySecret().key)).toBe(true)
    expect(looksLikeApiKey('short')).toBe(false)
    expect(looksLikeApiKey('cms_has spaces and more than twenty')).toBe(false)
    expect(looksLikeApiKey('x'.repeat(201))).toBe(false)
  })
})
