import { NotFoundError } from '@cms/errors'
import type { PurgesRepository } from '../data/purges-repository.ts'
import type { Website } from '../domain/website.ts'
import { pendingSteps } from './purge.ts'
import type { Purge } from './purge.ts'

export interface WebsitePurges {
  /** Records the purge of a website about to be deleted; its runner starts after `graceMs`. */
  begin(website: Website): Promise<void>
  /** Tells the runner there is work (after the website is gone). */
  requested(): void
  /** The purge of a website, done or not: 404 when there is none. */
  progress(websiteId: string): Promise<Purge>
}

/**
 * A deleted website's data goes in the background (docs/lifecycle.md). The purge starts
 * `graceMs` after the delete: keys revoked on other gateway instances still work for their key
 * cache's lifetime, and a write they let through must not land after the purge went past it.
 */
export function createWebsitePurges(deps: {
  purges: PurgesRepository
  graceMs: number
  clock: () => Date
  onRequested: () => void
}): WebsitePurges {
  return {
    async begin(website) {
      const now = deps.clock()
      await deps.purges.insert({
        websiteId: website.id,
        name: website.name,
        reason: 'deleted',
        state: 'running',
        requestedAt: now,
        notBefore: new Date(now.getTime() + deps.graceMs),
        updatedAt: now,
        finishedAt: null,
        steps: pendingSteps(),
      })
    },
    requested: deps.onRequested,
    async progress(websiteId) {
      const purge = await deps.purges.find(websiteId)
      if (!purge || purge.state === 'importing') throw new NotFoundError('No purge of this website')
      return purge
    },
  }
}
