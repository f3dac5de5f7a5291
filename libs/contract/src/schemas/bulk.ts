import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { MESSAGE_KEYWORD } from './message-keyword.ts'
import { StringEnum } from './requests/schema-helpers.ts'
import { DOCUMENT_ID_PATTERN } from './requests/params.ts'
import { ErrorDetail, Timestamp, Uuid } from './responses/common.ts'
import { ERROR_CODES } from '../vocabulary.ts'

/** What `POST /api/content/bulk` does to each document (docs/bulk.md). */
export const BULK_ACTIONS = ['publish', 'unpublish', 'delete', 'update'] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]

/** The most documents one bulk request names or its query may match. */
export const MAX_BULK_DOCUMENTS = 1000
/** Up to this many documents the answer is the finished job (200); more is a job to poll (202). */
export const BULK_SYNC_LIMIT = 100

/** POST /api/content/bulk: exactly one of `ids` and `query` (checked in code). */
export const BulkRequestBody = Type.Object(
  {
    action: StringEnum(BULK_ACTIONS),
    ids: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        minItems: 1,
        maxItems: MAX_BULK_DOCUMENTS,
        uniqueItems: true,
        [MESSAGE_KEYWORD]: `must be 1 to ${MAX_BULK_DOCUMENTS} distinct document ids`,
        description: 'The documents, each named once',
      }),
    ),
    query: Type.Optional(
      Type.String({
        maxLength: 8000,
        description:
          'A list query in GET /api/content syntax (`type=article&filters[category][$eq]=news`); drafts and published documents both match',
      }),
    ),
    data: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: '`update` only: a JSON Merge Patch of each document, as PATCH takes it',
      }),
    ),
    dryRun: Type.Optional(
      Type.Boolean({ description: 'Answer how many and which documents, change nothing' }),
    ),
  },
  { additionalProperties: false },
)
export type BulkRequestBody = Static<typeof BulkRequestBody>

export const BULK_OUTCOMES = ['done', 'failed', 'unchanged'] as const
export type BulkOutcome = (typeof BULK_OUTCOMES)[number]
export const BULK_JOB_STATES = ['running', 'done'] as const

/** One document's outcome: the status the single call would have answered. */
export const BulkResult = Type.Object(
  {
    id: Type.String(),
    outcome: StringEnum(BULK_OUTCOMES),
    status: Type.Integer({ description: 'The HTTP status the single call would have given' }),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    error: Type.Optional(
      Type.Object(
        {
          code: StringEnum(ERROR_CODES),
          message: Type.String(),
          details: Type.Optional(Type.Array(ErrorDetail)),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
)
export type BulkResult = Static<typeof BulkResult>

/** A bulk job (also `GET /api/jobs/:id`): `results` so far, in the order of its documents. */
export const BulkJob = Type.Object(
  {
    id: Uuid,
    action: StringEnum(BULK_ACTIONS),
    state: StringEnum(BULK_JOB_STATES),
    total: Type.Integer({ minimum: 0 }),
    done: Type.Integer({ minimum: 0, description: 'Documents with an outcome so far' }),
    succeeded: Type.Integer({ minimum: 0 }),
    failed: Type.Integer({ minimum: 0 }),
    results: Type.Array(BulkResult),
    createdAt: Timestamp,
    finishedAt: Type.Optional(Timestamp),
  },
  { additionalProperties: false },
)
export type BulkJob = Static<typeof BulkJob>

/** `dryRun: true`: what the request would touch. */
export const BulkDryRun = Type.Object(
  {
    action: StringEnum(BULK_ACTIONS),
    dryRun: Type.Literal(true),
    total: Type.Integer({ minimum: 0 }),
    ids: Type.Array(Type.String({ pattern: DOCUMENT_ID_PATTERN })),
  },
  { additionalProperties: false },
)
export type BulkDryRun = Static<typeof BulkDryRun>

/** `/api/jobs/:id`: any other id names no job (404). */
export const JobPathParams = Type.Object({
  id: Type.String({ pattern: DOCUMENT_ID_PATTERN, description: "The job's id" }),
})
