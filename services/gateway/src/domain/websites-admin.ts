import { NotFoundError } from '@cms/errors'
import type { ApiKeysRepository } from '../data/api-keys-repository.ts'
import type { WebsitesRepository } from '../data/websites-repository.ts'
import type { Website, WebsiteInput } from './website.ts'
import { applyQuotaChange } from './website-quotas.ts'
import type { QuotaName } from '@cms/http'
import type { WebsitePurges } from '../lifecycle/website-purges.ts'

export interface WebsitesAdminDeps {
  websites: WebsitesRepository
  apiKeys: ApiKeysRepository
  now: () => Date
  newId: () => string
  /** Told the hashes of revoked keys, so this instance stops honouring them at once. */
  onKeysRevoked: (hashes: readonly string[]) => void
  /** Told when a website's quotas change, so this instance forwards the new ones at once. */
  onQuotasChanged?: (websiteId: string) => void
  /** After the delete: its answers go from the CDNs (docs/cdn.md). */
  onRemoved?: (websiteId: string) => Promise<void>
  /** Removes a deleted website's data in every service, in the background. */
  purges: Pick<WebsitePurges, 'begin' | 'requested'>
}

export interface WebsitesAdmin {
  create(input: WebsiteInput): Promise<Website>
  list(): Promise<Website[]>
  get(id: string): Promise<Website>
  rename(id: string, input: WebsiteInput): Promise<Website>
  /**
   * Records the purge of everything the website owns first (so a delete cut short is finished by
   * the purge), revokes its keys, deletes the website; the purge runs in the background.
   */
  remove(id: string): Promise<void>
  /** Sets (a number) or clears (null) the website's own quotas; others are left as they are. */
  changeQuotas(id: string, change: Partial<Record<QuotaName, number | null>>): Promise<Website>
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export const websiteNotFound = (): NotFoundError => new NotFoundError('Website not found')

export function createWebsitesAdmin(deps: WebsitesAdminDeps): WebsitesAdmin {
  const get = async (id: string): Promise<Website> => {
    const website = UUID.test(id) ? await deps.websites.findById(id) : undefined
    if (!website) throw websiteNotFound()
    return website
  }
  return {
    async create(input) {
      const website: Website = { id: deps.newId(), name: input.name, createdAt: deps.now() }
      await deps.websites.insert(website)
      return website
    },
    list: () => deps.websites.list(),
    get,
    async rename(id, input) {
      const renamed = UUID.test(id) ? await deps.websites.rename(id, input.name) : undefined
      if (!renamed) throw websiteNotFound()
      return renamed
    },
    async changeQuotas(id, change) {
      const website = await get(id)
      const changed = await deps.websites.setQuotas(id, applyQuotaChange(website.quotas, change))
      if (!changed) throw websiteNotFound()
      deps.onQuotasChanged?.(id)
      return changed
    },
    async remove(id) {
      const website = await get(id)
      await deps.purges.begin(website)
      const hashes = await deps.apiKeys.revokeAllOfWebsite(id, deps.now())
      deps.onKeysRevoked(hashes)
      if (!(await deps.websites.remove(id))) throw websiteNotFound()
      deps.purges.requested()
      await deps.onRemoved?.(id)
    },
  }
}
