export const WEBHOOK_EVENTS = [
  'entry.create',
  'entry.update',
  'entry.delete',
  'entry.publish',
  'entry.unpublish',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

export interface WebhookInput {
  name: string
  url: string
  /** Write-only: answers carry `hasSecret` instead. */
  secret?: string
  /** Omitted: all five events. */
  events?: WebhookEvent[]
  /** Null or omitted: every content type. */
  contentTypes?: string[] | null
}

export type WebhookChange = Partial<WebhookInput>

export interface Webhook extends Omit<WebhookInput, 'secret' | 'events'> {
  id: string
  events: WebhookEvent[]
  hasSecret: boolean
  createdAt: string
  updatedAt: string
}

export interface Delivery {
  id: string
  event: string
  documentId: string | null
  status: 'pending' | 'succeeded' | 'failed'
  attempts: number
  lastStatusCode: number | null
  lastError: string | null
  createdAt: string
  updatedAt: string
}

/** One delivery read alone: its schedule, origin and every attempt. */
export interface DeliveryDetail extends Delivery {
  nextAttemptAt: string | null
  redeliveryOf: string | null
  attemptLog: {
    attempt: number
    startedAt: string
    durationMs: number
    statusCode: number | null
    error: string | null
    succeeded: boolean
  }[]
}
