import type { Static } from '@sinclair/typebox'
import type {
  ContentType as ContentTypeSchema,
  ContentTypeCreateBody,
  ContentTypePatchBody,
  FieldDefinitionBody,
} from '@cms/contract'

export { FIELD_TYPES } from '@cms/contract'
export type { FieldType } from '@cms/contract'

/** One field of a content type as `POST` and `PATCH /api/content-types` take it. */
export type FieldDefinition = FieldDefinitionBody

/** What `POST /api/content-types` takes. */
export type ContentTypeInput = ContentTypeCreateBody

/** What `PATCH /api/content-types/:name` takes: each sent member replaces the stored one. */
export type ContentTypeChange = ContentTypePatchBody

/** A content type as the API answers it. */
export type ContentType = Static<typeof ContentTypeSchema>
