import { PatternString } from './schema-helpers.ts'

/** Shared with @cms/content-model's CONTENT_TYPE_NAME_PATTERN (contract section 3). */
export const CONTENT_TYPE_NAME = '^[a-z][a-z0-9_-]{0,63}$'

export const ContentTypeName = (description = 'The name of a content type') =>
  PatternString(CONTENT_TYPE_NAME, `must match ${CONTENT_TYPE_NAME}`, {
    description,
  })
