// Derived from @cms/contract's schemas.
import type {
  WebhookCreateBody,
  WebhookPatchBody,
  Delivery as DeliverySchema,
  DeliveryDetail as DeliveryDetailSchema,
  Webhook as WebhookSchema,
} from '@cms/contract'

export type WebhookInput = WebhookCreateBody

export type WebhookChange = WebhookPatchBody

export type WebhookEvent = NonNullable<WebhookInput['events']>[number]

/** A webhook as answers show it: `hasSecret`, never the secret. */
export type Webhook = WebhookSchema

export type Delivery = DeliverySchema

/** One delivery read alone: its schedule, origin and every attempt. */
export type DeliveryDetail = DeliveryDetailSchema
