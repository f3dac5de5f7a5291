import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { WEBHOOK_EVENTS } from '../../vocabulary.ts'
import { OrNull, Timestamp, Uuid } from './common.ts'

/** A webhook as answered: the secret is write-only (`hasSecret`). */
export const Webhook = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    url: Type.String(),
    events: Type.Array(Type.Union(WEBHOOK_EVENTS.map((event) => Type.Literal(event)))),
    contentTypes: OrNull(Type.Array(Type.String())),
    hasSecret: Type.Boolean(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { additionalProperties: false },
)
export type Webhook = Static<typeof Webhook>

const deliveryMembers = {
  id: Uuid,
  event: Type.String({ description: 'An entry event, or `webhook.ping`' }),
  documentId: OrNull(Type.String()),
  status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
  attempts: Type.Integer({ minimum: 0 }),
  lastStatusCode: OrNull(Type.Integer()),
  lastError: OrNull(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
}

/** A delivery log entry (contract section 6). */
export const Delivery = Type.Object(deliveryMembers, { additionalProperties: false })
export type Delivery = Static<typeof Delivery>

export const Attempt = Type.Object(
  {
    attempt: Type.Integer({ minimum: 1 }),
    startedAt: Timestamp,
    durationMs: Type.Number({ minimum: 0 }),
    statusCode: OrNull(Type.Integer()),
    error: OrNull(Type.String()),
    succeeded: Type.Boolean(),
  },
  { additionalProperties: false },
)

/** One delivery in detail: its schedule, origin and every attempt. */
export const DeliveryDetail = Type.Object(
  {
    ...deliveryMembers,
    nextAttemptAt: OrNull(Timestamp),
    redeliveryOf: OrNull(Type.String()),
    attemptLog: Type.Array(Attempt),
  },
  { additionalProperties: false },
)
export type DeliveryDetail = Static<typeof DeliveryDetail>
