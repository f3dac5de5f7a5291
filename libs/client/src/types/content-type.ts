// Derived from @cms/api-schema: the request schemas the API validates with, the answer schemas
// its OpenAPI document holds. Type-only imports, so neither TypeBox nor ajv reaches a bundle.
import type {
  ContentType as ContentTypeSchema,
  ContentTypeCreateBody,
  ContentTypePatchBody,
  FieldDefinitionBody,
} from '@cms/api-schema'

/** A field definition as a create or PATCH sends it. */
export type FieldDefinition = FieldDefinitionBody

export type FieldType = FieldDefinition['type']

/** What `POST /api/content-types` takes. */
export type ContentTypeInput = ContentTypeCreateBody

/** What `PATCH /api/content-types/:name` takes: each sent member replaces the stored one. */
export type ContentTypeChange = ContentTypePatchBody

/** A content type as the API answers it. */
export type ContentType = ContentTypeSchema
