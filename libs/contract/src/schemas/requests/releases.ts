import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { DOCUMENT_ID_PATTERN } from './params.ts'
import { StringEnum } from './schema-helpers.ts'

export const RELEASE_ACTIONS = ['publish', 'unpublish'] as const
/** Entries one release may hold (docs/releases.md). */
export const MAX_RELEASE_ENTRIES = 1000

export const ReleaseEntryInput = Type.Object(
  {
    documentId: Type.String({
      pattern: DOCUMENT_ID_PATTERN,
      'x-message': 'must be a document id',
    }),
    action: StringEnum(RELEASE_ACTIONS),
    version: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'publish only: this version of the document instead of its current draft',
      }),
    ),
  },
  { additionalProperties: false },
)
export type ReleaseEntryInput = Static<typeof ReleaseEntryInput>

const ReleaseName = Type.String({ minLength: 1, maxLength: 200 })
/** One entry per document (checked in code: a schema cannot say it of one member). */
const Entries = Type.Array(ReleaseEntryInput, { maxItems: MAX_RELEASE_ENTRIES })

/** POST /api/releases */
export const ReleaseCreateBody = Type.Object(
  { name: ReleaseName, entries: Type.Optional(Entries) },
  { additionalProperties: false },
)
export type ReleaseCreateBody = Static<typeof ReleaseCreateBody>

/** PATCH /api/releases/:id: `entries` replaces them all. */
export const ReleasePatchBody = Type.Object(
  { name: Type.Optional(ReleaseName), entries: Type.Optional(Entries) },
  { additionalProperties: false },
)
export type ReleasePatchBody = Static<typeof ReleasePatchBody>

/** POST /api/releases/:id/schedule: `at` must also be in the future (checked in code). */
export const ReleaseScheduleBody = Type.Object(
  {
    at: Type.String({
      format: 'date-time',
      'x-message': 'must be an ISO 8601 date-time with an offset, e.g. 2030-05-01T12:00:00Z',
    }),
  },
  { additionalProperties: false },
)
export type ReleaseScheduleBody = Static<typeof ReleaseScheduleBody>

/** `/api/releases/:id...`: any other id names no release (404, never 422). */
export const ReleasePathParams = Type.Object({
  id: Type.String({ pattern: DOCUMENT_ID_PATTERN, description: "The release's id" }),
})
