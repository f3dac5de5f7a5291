import { Uuid, Webhook } from '@cms/contract'
import { ValidationError } from '@cms/errors'
import type { ImportHooks } from '@cms/website-data'
import { StoredRecord } from '@cms/website-data'
import type { TargetGuard } from '../domain/target-guard.ts'
import { parseCreateInput } from '../domain/webhook-input.ts'

const { id: _id, ...answered } = Webhook.properties

/** A webhook as an export line holds it: as the API answers it, keyed by `_id`. */
export const WebhookRecord = StoredRecord({ _id: Uuid, ...answered })

/**
 * An imported webhook passes what a created one does (docs/lifecycle.md, "Import"): the create
 * body's rules and the address guard, so an import cannot aim deliveries where the API would not.
 */
export function webhookImportHooks(guard: Pick<TargetGuard, 'refusal'>): ImportHooks {
  return {
    async admit({ collection, record }) {
      if (collection !== 'webhooks') return undefined
      try {
        parseCreateInput({
          name: record.name,
          url: record.url,
          events: record.events,
          contentTypes: record.contentTypes,
        })
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error
        const [detail] = error.details ?? []
        return { path: detail?.path ?? '', message: detail?.message ?? error.message }
      }
      const refusal = await guard.refusal(String(record.url))
      return refusal ? { path: 'url', message: `not an allowed target: ${refusal}` } : undefined
    },
  }
}
