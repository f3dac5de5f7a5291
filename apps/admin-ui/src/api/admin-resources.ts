/** The shapes the admin API answers with, as the panel reads them (dates arrive as ISO strings). */

export const KEY_SCOPES = ['read', 'admin'] as const
export type KeyScope = (typeof KEY_SCOPES)[number]

export interface Website {
  id: string
  name: string
  createdAt: string
}

export interface RateLimitPlan {
  perMinute: number
  perDay: number
}

export interface ApiKey {
  id: string
  name: string
  scope: KeyScope
  prefix: string
  rateLimit: RateLimitPlan
  createdAt: string
  revokedAt?: string | null
  /** Written by the gateway in batches, so up to a minute behind. */
  lastUsedAt?: string | null
}

/** Only the answer to a create carries the key itself. */
export interface CreatedApiKey extends ApiKey {
  key: string
}

export interface NewApiKey {
  name: string
  scope: KeyScope
  rateLimit?: Partial<RateLimitPlan>
}

export interface FieldDefinition {
  name: string
  label?: string
  type: string
  required?: boolean
  /** `relation` fields: the content type the ids name, and whether there are many. */
  target?: string
  many?: boolean
}

export interface ContentType {
  id: string
  name: string
  label?: string
  description?: string
  slugField?: string
  titleField?: string
  fields: FieldDefinition[]
  updatedAt?: string
}

export interface ContentDocument {
  id: string
  type: string
  slug: string
  status: 'draft' | 'published'
  publishedAt: string | null
  createdAt: string
  updatedAt: string
}

export interface Webhook {
  id: string
  name: string
  url: string
  events: string[]
  contentTypes?: string[] | null
  hasSecret: boolean
  createdAt?: string
}

export interface Delivery {
  id: string
  event: string
  documentId: string
  status: 'pending' | 'succeeded' | 'failed'
  attempts: number
  lastStatusCode: number | null
  lastError: string | null
  createdAt: string
  updatedAt: string
}

export interface MediaFile {
  id: string
  filename: string
  mimeType: string
  size: number
  /** Raster images only; null for other files. */
  width: number | null
  height: number | null
  alt: string | null
  caption: string | null
  /** The public asset path, `/media/<websiteId>/<mediaId>/<filename>`, served without a key. */
  url: string
  createdAt: string
}

/** What the panel changes of a file: null removes the text. */
export interface MediaText {
  alt: string | null
  caption: string | null
}

export interface NewMediaFile {
  file: File
  alt?: string
}

export interface DocsList<T> {
  docs: T[]
}

export interface Page<T> extends DocsList<T> {
  totalDocs: number
  limit: number
  page: number
  totalPages: number
  hasNextPage: boolean
  hasPrevPage: boolean
}

/** One quota of a website: the limit in force, where it comes from, and what is used. */
export interface QuotaLine {
  limit: number
  default: number
  override: number | null
  usage: number | null
}

export interface QuotaReport {
  quotas: Record<string, QuotaLine>
}
