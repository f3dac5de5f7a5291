import { displayName, objectBody, throwIfProblems } from './input-checks.ts'
import type { Problems } from './input-checks.ts'
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

/** `{name}`, as both create and rename take it. */
export function parseWebsiteInput(body: unknown): WebsiteInput {
  const problems: Problems = []
  const input = objectBody(body, ['name'], problems)
  let name: string | undefined
  if (input.name === undefined) problems.push({ path: 'name', message: 'is required' })
  else name = displayName(input.name, 'name', problems)
  throwIfProblems(problems)
  return { name: name! }
}
