export interface Website {
  id: string
  name: string
  createdAt: string
  importedFrom?: string
}

export const KEY_SCOPES = ['read', 'admin'] as const
export type KeyScope = (typeof KEY_SCOPES)[number]

export interface RateLimitPlan {
  perMinute: number
  perDay: number
}

export interface KeyInput {
  name?: string
  scope: KeyScope
  rateLimit?: Partial<RateLimitPlan>
}

export interface ListedKey {
  id: string
  name: string
  scope: KeyScope
  prefix: string
  rateLimit: RateLimitPlan
  createdAt: string
  revokedAt: string | null
}

/** The one answer that shows the key itself. */
export interface CreatedKey extends Omit<ListedKey, 'revokedAt'> {
  key: string
}

/** Each quota with its limit in force, default, override and the website's usage. */
export interface QuotaReport {
  quotas: Record<
    string,
    { limit: number; default: number; override: number | null; usage: number | null }
  >
}

/** A quota's new override, or null for its default. */
export type QuotaChange = Record<string, number | null>

export interface PurgeProgress {
  websiteId: string
  name: string
  state: 'running' | 'done'
  reason: string
  requestedAt: string
  finishedAt: string | null
  removed: number
  services: {
    service: string
    state: 'pending' | 'running' | 'done'
    removed: Record<string, number>
    batches: number
    lastError: string | null
  }[]
}

export interface ImportAnswer {
  website: Website
  imported: Record<string, Record<string, number>>
  webhookSecrets?: { id: string; name: string; secret: string }[]
}
