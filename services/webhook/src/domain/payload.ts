import type { WebhookEventMessage } from '@cms/events'
import { PING_EVENT } from './delivery.ts'
import type { Webhook } from './webhook.ts'

/** The spec's payload, serialised once: every attempt sends (and signs) exactly these bytes. */
export function eventBody(message: WebhookEventMessage): string {
  if ('release' in message)
    return JSON.stringify({
      event: message.event,
      timestamp: message.timestamp,
      websiteId: message.websiteId,
      release: message.release,
      documents: message.documents,
    })
  return JSON.stringify({
    event: message.event,
    timestamp: message.timestamp,
    contentType: message.contentType,
    websiteId: message.websiteId,
    document: message.document,
    ...(message.draft ? { draft: true } : {}),
    ...(message.locale ? { locale: message.locale } : {}),
  })
}

/** The ping keeps the payload's shape, with no content type or document, and names the webhook. */
export function pingBody(webhook: Webhook, timestamp: Date): string {
  return JSON.stringify({
    event: PING_EVENT,
    timestamp: timestamp.toISOString(),
    contentType: null,
    websiteId: webhook.websiteId,
    document: null,
    webhook: {
      id: webhook.id,
      name: webhook.name,
      events: webhook.events,
      contentTypes: webhook.contentTypes,
    },
  })
}
