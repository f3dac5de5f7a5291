import slugify from 'slugify'
import type { ContentType } from '@cms/content-model'
import type { DocumentData } from './document.ts'

export const SLUG_MAX_LENGTH = 96
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** Nothing is removed up front: every character slugify cannot fold becomes a separator below. */
const REMOVE_NOTHING = /[^\s\S]/g
const COMBINING_MARKS = /\p{M}+/gu
/** Anything but letters and digits: slugify would spell some of it out (`&` as "and"). */
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu

/**
 * Lower-case ASCII with accents folded; runs of anything else become one `-`; at most 96 chars.
 * Accents come off by compatibility decomposition (`é` -> `e`, `ﬁ` -> `fi`); slugify then spells
 * the letters that have no decomposition (`ß` -> `ss`, `ø` -> `o`, Cyrillic, Greek). Symbols are
 * separators, never words: "Rock & Roll" is `rock-roll`, as the contract says.
 */
export function slugFrom(text: string): string {
  const lettersAndDigits = text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(NOT_LETTER_OR_DIGIT, ' ')
  const folded = slugify(lettersAndDigits, { lower: true, remove: REMOVE_NOTHING, trim: true })
  return folded
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/^-+|-+$/g, '')
}

export function isValidSlug(slug: string): boolean {
  return slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug)
}

/** From `data[slugField]`, else `data[titleField]`, else the document id. */
export function deriveSlug(
  contentType: Pick<ContentType, 'slugField' | 'titleField'>,
  data: DocumentData,
  documentId: string,
): string {
  for (const field of [contentType.slugField, contentType.titleField]) {
    const value = field === undefined ? undefined : data[field]
    if (typeof value !== 'string') continue
    const slug = slugFrom(value)
    if (slug !== '') return slug
  }
  return slugFrom(documentId)
}

/** The n-th candidate for a base slug: `base`, `base-2`, `base-3`, ... still within 96 chars. */
export function slugCandidate(base: string, n: number): string {
  if (n <= 1) return base
  const suffix = `-${n}`
  const head = base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')
  return `${head}${suffix}`
}
