import { describe, expect, it } from 'vitest'
import { createContentGenerations } from './content-generations.ts'

describe('content generations', () => {
  it('when changes cannot be heard, then there is no token', () => {
    const generations = createContentGenerations()
    expect(generations.token('site-a')).toBeUndefined()
  })

  it('when a website changes, then its token changes and other websites keep theirs', () => {
    const generations = createContentGenerations()
    generations.setTrusted(true)
    const [a, b] = [generations.token('site-a'), generations.token('site-b')]
    generations.bump('site-a')
    expect(generations.token('site-a')).not.toBe(a)
    expect(generations.token('site-b')).toBe(b)
  })

  it('when trust is lost and regained, then every token differs from any given before', () => {
    const generations = createContentGenerations()
    generations.setTrusted(true)
    const before = new Set([generations.token('site-a'), generations.token('site-b')])
    generations.bump('site-a')
    before.add(generations.token('site-a'))
    generations.setTrusted(false)
    expect(generations.token('site-a')).toBeUndefined()
    generations.setTrusted(true)
    expect(before.has(generations.token('site-a'))).toBe(false)
    expect(before.has(generations.token('site-b'))).toBe(false)
  })
})
