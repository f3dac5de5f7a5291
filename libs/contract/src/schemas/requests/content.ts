import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { ContentTypeName } from './names.ts'
import { Nullable, PatternString, StringEnum } from './schema-helpers.ts'

const SLUG = '^[a-z0-9]+(?:-[a-z0-9]+)*$'
const Slug = PatternString(
  SLUG,
  'must be lower-case letters and digits in runs joined by single dashes',
  {
    maxLength: 96,
    description: 'The URL name of the document, unique per website and type',
  },
)

/** Field values keyed by field name; the content type's own data schema checks them. */
const DocumentData = Type.Record(Type.String(), Type.Unknown(), {
  description: "The document's values, one member per field of its content type",
})

/** POST /api/content */
export const ContentCreateBody = Type.Object(
  {
    type: ContentTypeName('The content type of the document'),
    data: DocumentData,
    slug: Type.Optional(Slug),
  },
  { additionalProperties: false },
)
export type ContentCreateBody = Static<typeof ContentCreateBody>

/** PATCH /api/content/:id: `data` is a JSON Merge Patch one level deep (null removes a value). */
export const ContentPatchBody = Type.Object(
  { data: Type.Optional(DocumentData), slug: Type.Optional(Slug) },
  { additionalProperties: false },
)
export type ContentPatchBody = Static<typeof ContentPatchBody>

export const SCHEDULE_ACTIONS = ['publish', 'unpublish'] as const

/** POST /api/content/:id/schedule: `at` must also be in the future (checked in code). */
export const ScheduleCreateBody = Type.Object(
  {
    action: StringEnum(SCHEDULE_ACTIONS),
    at: Type.String({
      format: 'date-time',
      'x-message': 'must be an ISO 8601 date-time with an offset, e.g. 2030-05-01T12:00:00Z',
    }),
  },
  { additionalProperties: false },
)
export type ScheduleCreateBody = Static<typeof ScheduleCreateBody>

const MediaText = Nullable(Type.String({ maxLength: 2000 }))

/** PATCH /api/media/:id: each member sent replaces the stored one (null clears alt or caption). */
export const MediaPatchBody = Type.Object(
  {
    alt: Type.Optional(MediaText),
    caption: Type.Optional(MediaText),
    filename: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'A file name without slashes, control characters or outer spaces',
      }),
    ),
  },
  { additionalProperties: false },
)
export type MediaPatchBody = Static<typeof MediaPatchBody>
