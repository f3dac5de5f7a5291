import { advance } from './document-writer.ts'
import type { ChangePlan } from './document-writer.ts'
import type { DocumentData, StoredDocument } from './document.ts'
import type { SlugClaims } from './slug-claims.ts'

/**
 * The plan for a change of `data` and perhaps the slug (update, restore): a new slug is claimed
 * before the commit and the old one is given up after it.
 */
export async function planContentChange(options: {
  reason: 'update' | 'restore'
  current: StoredDocument
  now: Date
  data: DocumentData
  slug: string
  slugClaims: SlugClaims
}): Promise<ChangePlan> {
  const { reason, current, now, data, slug } = options
  if (slug === current.slug) return { reason, state: advance(current, now, { data }) }
  const scope = { websiteId: current.websiteId, type: current.type }
  const result = await options.slugClaims.claimExact({ ...scope, slug }, current._id)
  return {
    reason,
    state: advance(current, now, { data, slug }),
    claimed: { scope: { ...scope, slug }, result },
    leaves: { ...scope, slug: current.slug },
  }
}
