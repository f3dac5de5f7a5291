import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { deriveSlug, isValidSlug, slugCandidate, slugFrom, SLUG_MAX_LENGTH } from './slug.ts'

describe('slugFrom', () => {
  it('when text has accents, case and punctuation, then it is folded to lower-case ASCII words joined by -', () => {
    expect(slugFrom('Héllo, Wörld!  Ça va?')).toBe('hello-world-ca-va')
  })

  it('when text has symbols slugify would spell out, then they are separators, not words', () => {
    expect(slugFrom('Rock & Roll')).toBe('rock-roll')
    expect(slugFrom('Ünïcödé  &  Çafé -- 2024')).toBe('unicode-cafe-2024')
    expect(slugFrom('100% $5 <b> a|b')).toBe('100-5-b-a-b')
  })

  it('when letters have no decomposition or carry loose combining marks, then they are still folded', () => {
    expect(slugFrom('Straße Æsir Łódź Øre')).toBe('strasse-aesir-lodz-ore')
    expect(slugFrom('x\u0301y ﬁne ２０２４')).toBe('xy-fine-2024')
    expect(slugFrom('Привет мир')).toBe('privet-mir')
  })

  it('when text has underscores, dots and slashes, then each run becomes one -', () => {
    expect(slugFrom('a_b.c//d')).toBe('a-b-c-d')
  })

  it('when text is longer than 96 characters, then the slug is cut to 96 without a trailing -', () => {
    const slug = slugFrom(`${'a'.repeat(95)} bcd`)
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH)
    expect(slug).toBe('a'.repeat(95))
  })

  it('when text has nothing foldable, then the slug is empty', () => {
    expect(slugFrom('!!! ???')).toBe('')
  })

  it('when given any text, then the result is empty or a valid slug', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const slug = slugFrom(text)
        expect(slug === '' || isValidSlug(slug)).toBe(true)
      }),
    )
  })
})

describe('deriveSlug', () => {
  const type = { slugField: 'slug', titleField: 'title' }

  it('when the slug field has a value, then it wins over the title', () => {
    expect(deriveSlug(type, { slug: 'My Slug', title: 'Title' }, 'id-1')).toBe('my-slug')
  })

  it('when the slug field is missing or empty after folding, then the title is used', () => {
    expect(deriveSlug(type, { slug: '***', title: 'The Title' }, 'id-1')).toBe('the-title')
    expect(deriveSlug(type, { title: 'The Title' }, 'id-1')).toBe('the-title')
  })

  it('when neither field gives a slug, then the document id is used', () => {
    expect(deriveSlug({}, { title: 'x' }, '0b7c4a8e-1d2f-4c3b-9a8e-7f6d5c4b3a21')).toBe(
      '0b7c4a8e-1d2f-4c3b-9a8e-7f6d5c4b3a21',
    )
  })
})

describe('isValidSlug', () => {
  it('when a slug has upper case, spaces, double or edge dashes, then it is invalid', () => {
    for (const bad of ['Abc', 'a b', 'a--b', '-a', 'a-', '', 'é', 'a_b'])
      expect(isValidSlug(bad)).toBe(false)
  })

  it('when a slug is longer than 96 characters, then it is invalid', () => {
    expect(isValidSlug('a'.repeat(97))).toBe(false)
    expect(isValidSlug('a'.repeat(96))).toBe(true)
  })
})

describe('slugCandidate', () => {
  it('when n is 1, then the base itself; else base-n', () => {
    expect(slugCandidate('post', 1)).toBe('post')
    expect(slugCandidate('post', 3)).toBe('post-3')
  })

  it('when the base is 96 characters long, then the candidate is cut to stay within 96', () => {
    const candidate = slugCandidate('a'.repeat(96), 12)
    expect(candidate.length).toBe(SLUG_MAX_LENGTH)
    expect(candidate.endsWith('-12')).toBe(true)
    expect(isValidSlug(candidate)).toBe(true)
  })
})
