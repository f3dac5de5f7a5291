import type { WebhookEventName } from '@cms/events'

/** A webhook as stored: the secret is kept to sign deliveries and never leaves the service. */
export interface Webhook {
  id: string
  websiteId: string
  name: string
  url: string
  secret: string | null
  events: WebhookEventName[]
  /** Null: every content type. */
  contentTypes: string[] | null
  createdAt: string
  updatedAt: string
}

/** What the API shows: the secret is write-only. */
export interface WebhookView {
  id: string
  name: string
  url: string
  events: WebhookEventName[]
  contentTypes: string[] | null
  hasSecret: boolean
  createdAt: string
  updatedAt: string
}

export function toWebhookView(webhook: Webhook): WebhookView {
  return {
    id: webhook.id,
    name: webhook.name,
    url: webhook.url,
    events: webhook.events,
    contentTypes: webhook.contentTypes,
    hasSecret: webhook.secret !== null,
    createdAt: webhook.createdAt,
    updatedAt: webhook.updatedAt,
  }
}

/** The host and port of a webhook's URL (carried by its jobs; limits count by resolved address). */
export const targetHost = (webhook: Pick<Webhook, 'url'>): string => new URL(webhook.url).host
