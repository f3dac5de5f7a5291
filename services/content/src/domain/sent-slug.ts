import { ValidationError } from '@cms/errors'
import { isValidSlug, SLUG_MAX_LENGTH } from './slug.ts'

/** A slug the client sent must already be in slug form; it is never folded silently. */
export function requireValidSlug(slug: string): void {
  if (!isValidSlug(slug)) {
    throw ValidationError.single(
      'slug',
      `slug must be lower-case letters and digits in words joined by single dashes (at most ${SLUG_MAX_LENGTH} characters)`,
    )
  }
}
