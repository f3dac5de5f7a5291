import { WebsiteBody } from '@cms/contract'
import { validateBody } from '@cms/contract/validation'
import type { QuotaOverride } from './website-quotas.ts'

export interface Website {
  id: string
  name: string
  createdAt: Date
  /** The platform admin's quotas for this website; unset ones follow the defaults. */
  quotas?: QuotaOverride
  /** Set on a website made by an import: the id of the website that was exported. */
  importedFrom?: string
}

export interface WebsiteInput {
  name: string
}

/** `{name}`, as both create and rename take it; the name is kept without outer spaces. */
export const websiteInputOf = (body: WebsiteBody): WebsiteInput => ({ name: body.name.trim() })

/** Any value (an import's `?name=`) as a website's input: its shape by the schema first. */
export const parseWebsiteInput = (body: unknown): WebsiteInput =>
  websiteInputOf(validateBody(WebsiteBody, body))
