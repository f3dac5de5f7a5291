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
export function parseWebsiteInput(body: unknown): WebsiteInput {
  return { name: validateBody(WebsiteBody, body).name.trim() }
}
