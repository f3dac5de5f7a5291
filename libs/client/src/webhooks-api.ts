import { PUBLIC_OPERATIONS as API } from '@cms/contract'
import { operationCaller } from './operation-call.ts'
import type { CallOptions, Transport } from './transport.ts'
import type { DocsList, Page } from './types/list.ts'
import type { PageQuery } from './types/query.ts'
import type {
  Delivery,
  DeliveryDetail,
  Webhook,
  WebhookChange,
  WebhookInput,
} from './types/webhook.ts'

/** `/api/webhooks`: subscriptions, their delivery log, redelivery and test pings. */
export function webhooksApi(transport: Transport) {
  const call = operationCaller(transport)
  return {
    list: (options?: CallOptions) => call<DocsList<Webhook>>(API.listWebhooks, options),
    get: (id: string, options?: CallOptions) =>
      call<Webhook>(API.getWebhook, { params: { id }, ...options }),
    create: (input: WebhookInput, options?: CallOptions) =>
      call<Webhook>(API.createWebhook, { json: input, ...options }),
    update: (id: string, change: WebhookChange, options?: CallOptions) =>
      call<Webhook>(API.updateWebhook, { params: { id }, json: change, ...options }),
    delete: async (id: string, options?: CallOptions) => {
      await call(API.deleteWebhook, { params: { id }, ...options })
    },
    deliveries: (id: string, query?: PageQuery, options?: CallOptions) =>
      call<Page<Delivery>>(API.listDeliveries, { params: { id }, query, ...options }),
    delivery: (id: string, deliveryId: string, options?: CallOptions) =>
      call<DeliveryDetail>(API.getDelivery, { params: { id, deliveryId }, ...options }),
    /** Sends a delivery again as a new delivery (202). */
    redeliver: (id: string, deliveryId: string, options?: CallOptions) =>
      call<Delivery>(API.redeliver, { params: { id, deliveryId }, ...options }),
    /** Sends a signed `webhook.ping` through the delivery pipeline (202). */
    test: (id: string, options?: CallOptions) =>
      call<Delivery>(API.testWebhook, { params: { id }, ...options }),
  }
}

export type WebhooksApi = ReturnType<typeof webhooksApi>
