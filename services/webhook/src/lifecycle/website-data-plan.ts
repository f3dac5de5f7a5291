import { randomBytes } from 'node:crypto'
import type { WebsiteDataPlan } from '@cms/website-data'
import { STANDARD_SECRET_PREFIX } from '../domain/signature.ts'
import { WebhookRecord } from './import-checks.ts'

/** What an import tells the operator once: each webhook's new signing secret. */
export interface NewWebhookSecret {
  id: string
  name: string
  secret: string
}

/**
 * Every collection of the webhook database that holds a website's data (docs/lifecycle.md).
 * Only webhooks are exported, and never their secrets: an export says whether a webhook had
 * one, and its import gives it a new one, reported once in the import's answer. Deliveries, their
 * attempts and stored bodies are logs: purged, never exported.
 */
export const WEBHOOK_WEBSITE_DATA: WebsiteDataPlan = {
  service: 'webhook',
  collections: [
    {
      name: 'webhooks',
      ownerPaths: ['websiteId'],
      // The webhook list's index serves it.
      order: { createdAt: 1, _id: 1 },
      exported: true,
      // Its URL also passes the address guard (import-checks.ts).
      importSchema: WebhookRecord,
      // A webhook may have a long delivery log: its records go first, a batch at a time.
      purgeBatch: 20,
      dependents: [
        { name: 'deliveries', foreignKey: 'webhookId', parentKey: '_id', exported: false },
        { name: 'attempts', foreignKey: 'webhookId', parentKey: '_id', exported: false },
      ],
      onExport: ({ secret, ...webhook }) => ({ ...webhook, hasSecret: secret != null }),
      onImport: ({ hasSecret, ...webhook }, notes) => {
        if (hasSecret !== true) return { ...webhook, secret: null }
        const secret = `${STANDARD_SECRET_PREFIX}${randomBytes(32).toString('base64')}`
        const reported: NewWebhookSecret = {
          id: String(webhook._id),
          name: String(webhook.name),
          secret,
        }
        ;(notes.webhookSecrets ??= []).push(reported)
        return { ...webhook, secret }
      },
    },
    {
      name: 'payloads',
      ownerPaths: ['websiteId'],
      index: { websiteId: 1, _id: 1 },
      exported: false,
    },
  ],
}
