/**
 * The admin API's answers as the panel reads them: the client's types, and the few shapes only
 * the panel sends or lists.
 */

export { KEY_SCOPES } from '@cms/client'
export type {
  ContentType,
  CreatedKey as CreatedApiKey,
  Delivery,
  DocsList,
  FieldDefinition,
  KeyInput as NewApiKey,
  KeyScope,
  ListedKey as ApiKey,
  MediaFile,
  Page,
  QuotaReport,
  RateLimitPlan,
  Role,
  RoleInput,
  Webhook,
  Website,
} from '@cms/client'
import type { QuotaReport } from '@cms/client'

export interface ContentDocument {
  id: string
  type: string
  slug: string
  status: 'draft' | 'published'
  publishedAt: string | null
  createdAt: string
  updatedAt: string
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

/** One quota of a website: the limit in force, where it comes from, and what is used. */
export type QuotaLine = QuotaReport['quotas'][string]
