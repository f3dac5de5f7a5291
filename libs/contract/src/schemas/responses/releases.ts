import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { RELEASE_ACTIONS } from '../requests/releases.ts'
import { ErrorDetail, Timestamp, Uuid } from './common.ts'

export const RELEASE_STATES = ['open', 'scheduled', 'publishing', 'published', 'failed'] as const

const Action = Type.Union(RELEASE_ACTIONS.map((action) => Type.Literal(action)))

export const ReleaseEntry = Type.Object(
  {
    documentId: Uuid,
    type: Type.String(),
    action: Action,
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
)

/** A named set of publishes and unpublishes applied together (docs/releases.md). */
export const Release = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    state: Type.Union(RELEASE_STATES.map((state) => Type.Literal(state))),
    entries: Type.Array(ReleaseEntry),
    scheduledAt: Type.Optional(Timestamp),
    publishedAt: Type.Optional(Timestamp),
    error: Type.Optional(
      Type.Object(
        {
          code: Type.String(),
          message: Type.String(),
          details: Type.Optional(Type.Array(ErrorDetail)),
        },
        { additionalProperties: false, description: 'Why the last publish of a schedule failed' },
      ),
    ),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { additionalProperties: false },
)
export type Release = Static<typeof Release>
