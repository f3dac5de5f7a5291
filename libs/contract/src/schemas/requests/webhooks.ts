import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { WEBHOOK_EVENTS } from '../../vocabulary.ts'
import { ContentTypeName } from './names.ts'
import { Nullable, StringEnum } from './schema-helpers.ts'

/** The members a client may send; PATCH replaces each one it sends. */
const webhookMembers = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  url: Type.String({
    minLength: 1,
    maxLength: 2048,
    description: 'An absolute http or https URL (checked in code, with the target guard)',
  }),
  secret: Nullable(
    Type.String({
      minLength: 1,
      maxLength: 256,
      description: 'Signs deliveries; a whsec_ secret must be base64 after its prefix',
    }),
  ),
  // `type: 'string'` on the items keeps ajv's uniqueItems on its scalar path: without it, items
  // are compared with a deep equal that calls an object's own `toString`, so
  // `[{}, {"toString": false}]` threw a TypeError (500) instead of a 422.
  events: Type.Array(StringEnum(WEBHOOK_EVENTS), { minItems: 1, uniqueItems: true }),
  contentTypes: Nullable(
    Type.Array(ContentTypeName(), { minItems: 1, maxItems: 100, uniqueItems: true }),
  ),
}

/** POST /api/webhooks */
export const WebhookCreateBody = Type.Object(
  {
    ...webhookMembers,
    name: Type.Optional(webhookMembers.name),
    secret: Type.Optional(webhookMembers.secret),
    events: Type.Optional(webhookMembers.events),
    contentTypes: Type.Optional(webhookMembers.contentTypes),
  },
  { additionalProperties: false },
)
export type WebhookCreateBody = Static<typeof WebhookCreateBody>

/** PATCH /api/webhooks/:id */
export const WebhookPatchBody = Type.Partial(Type.Object(webhookMembers), {
  additionalProperties: false,
})
export type WebhookPatchBody = Static<typeof WebhookPatchBody>
