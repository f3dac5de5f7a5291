import { queryString, segment } from './query-string.ts'
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
  const at = (id: string, rest = '') => `/api/webhooks/${segment(id)}${rest}`
  return {
    list: async (options?: CallOptions) =>
      (
        await transport.request<DocsList<Webhook>>({
          method: 'GET',
          path: '/api/webhooks',
          ...options,
        })
      ).body,
    get: async (id: string, options?: CallOptions) =>
      (await transport.request<Webhook>({ method: 'GET', path: at(id), ...options })).body,
    create: async (input: WebhookInput, options?: CallOptions) =>
      (
        await transport.request<Webhook>({
          method: 'POST',
          path: '/api/webhooks',
          json: input,
          keyed: true,
          ...options,
        })
      ).body,
    update: async (id: string, change: WebhookChange, options?: CallOptions) =>
      (
        await transport.request<Webhook>({
          method: 'PATCH',
          path: at(id),
          json: change,
          keyed: true,
          ...options,
        })
      ).body,
    delete: async (id: string, options?: CallOptions) => {
      await transport.request({ method: 'DELETE', path: at(id), keyed: true, ...options })
    },
    deliveries: async (id: string, query?: PageQuery, options?: CallOptions) =>
      (
        await transport.request<Page<Delivery>>({
          method: 'GET',
          path: at(id, `/deliveries${queryString(query)}`),
          ...options,
        })
      ).body,
    delivery: async (id: string, deliveryId: string, options?: CallOptions) =>
      (
        await transport.request<DeliveryDetail>({
          method: 'GET',
          path: at(id, `/deliveries/${segment(deliveryId)}`),
          ...options,
        })
      ).body,
    /** Sends a delivery again as a new delivery (202). */
    redeliver: async (id: string, deliveryId: string, options?: CallOptions) =>
      (
        await transport.request<Delivery>({
          method: 'POST',
          path: at(id, `/deliveries/${segment(deliveryId)}/redeliver`),
          keyed: true,
          ...options,
        })
      ).body,
    /** Sends a signed `webhook.ping` through the delivery pipeline (202). */
    test: async (id: string, options?: CallOptions) =>
      (
        await transport.request<Delivery>({
          method: 'POST',
          path: at(id, '/test'),
          keyed: true,
          ...options,
        })
      ).body,
  }
}

export type WebhooksApi = ReturnType<typeof webhooksApi>
