import { LRUCache } from 'lru-cache'
import type { Webhook } from '../domain/webhook.ts'
import type { WebhookRepository } from './webhook-repository.ts'

/** The webhooks of one website as the delivery pipeline reads them. */
export type PipelineWebhooks = Pick<WebhookRepository, 'find' | 'listByWebsite'>

export interface RememberedWebhooks {
  /** For fan-out and attempts: each website's list from memory while it is fresh. */
  pipeline: PipelineWebhooks
  /** For the API: the repository itself, whose changes forget the website's list at once. */
  repository: WebhookRepository
  /** A change made around the repository (an import, a purge) forgets the website's list. */
  forget(websiteId: string): void
}

/**
 * Every event and every attempt needs its website's webhooks; read once per `ttlMs` per website
 * instead of once per attempt, which on FerretDB's few writer connections capped the fan-out.
 * Changes made through this process are seen at once; another instance's changes (and anything
 * written to the database behind the service's back) within `ttlMs` (docs/webhooks.md).
 */
export function rememberWebhooks(
  repository: WebhookRepository,
  options: { ttlMs: number; maxWebsites: number },
): RememberedWebhooks {
  const lists = new LRUCache<string, Webhook[]>({
    max: options.maxWebsites,
    ttl: options.ttlMs,
    fetchMethod: (websiteId) => repository.listByWebsite(websiteId),
  })
  // A list being read when the website is forgotten is not kept: its reader reads again.
  const listOf = (websiteId: string) =>
    lists.fetch(websiteId).catch(() => repository.listByWebsite(websiteId))
  const forgetting =
    <A extends unknown[]>(
      websiteOf: (...args: A) => string,
      change: (...args: A) => Promise<boolean>,
    ) =>
    async (...args: A) => {
      try {
        return await change(...args)
      } finally {
        lists.delete(websiteOf(...args))
      }
    }
  return {
    pipeline: {
      listByWebsite: async (websiteId) => (await listOf(websiteId)) ?? [],
      find: async (websiteId, id) => (await listOf(websiteId))?.find((hook) => hook.id === id),
    },
    repository: {
      ...repository,
      insert: forgetting((webhook) => webhook.websiteId, repository.insert),
      replace: forgetting((webhook) => webhook.websiteId, repository.replace),
      remove: forgetting((websiteId) => websiteId, repository.remove),
    },
    forget: (websiteId) => void lists.delete(websiteId),
  }
}
