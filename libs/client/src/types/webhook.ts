// Derived from @cms/api-schema.
import type {
  WebhookCreateBody,
  WebhookPatchBody,
} from '../../../api-schema/src/requests/webhooks.ts'
import type {
  Delivery as DeliverySchema,
  DeliveryDetail as DeliveryDetailSchema,
  Webhook as WebhookSchema,
} from '../../../api-schema/src/responses/webhooks.ts'

export type WebhookInput = WebhookCreateBody

export type WebhookChange = WebhookPatchBody

export type WebhookEvent = NonNullable<WebhookInput['events']>[number]

/** A webhook as answers show it: `hasSecret`, never the secret. */
export type Webhook = WebhookSchema

export type Delivery = DeliverySchema

/** One delivery read alone: its schedule, origin and every attempt. */
export type DeliveryDetail = DeliveryDetailSchema
