import { ConflictError, NotFoundError, ValidationError } from '@cms/errors'
import { ENTRY_EVENTS } from '@cms/events'
import { DEFAULT_WEBSITE_QUOTAS, keyedCreate, quotaExceeded } from '@cms/http'
import type { WebsiteQuotas } from '@cms/http'
import type { DeliveryRepository } from '../data/delivery-repository.ts'
import type { WebhookRepository } from '../data/webhook-repository.ts'
import type { TargetGuard } from './target-guard.ts'
import { toWebhookView } from './webhook.ts'
import type { Webhook, WebhookView } from './webhook.ts'
import { parseCreateInput, parsePatchInput } from './webhook-input.ts'
import type { WebhookInput } from './webhook-input.ts'

export interface WebhookUseCaseDeps {
  webhooks: WebhookRepository
  deliveries: DeliveryRepository
  guard: TargetGuard
  now: () => Date
  newId: () => string
}

export function createWebhookUseCases(deps: WebhookUseCaseDeps) {
  async function assertAllowedTarget(url: string): Promise<void> {
    const refusal = await deps.guard.refusal(url)
    if (refusal)
      throw new ValidationError('The webhook URL is not an allowed target', [
        { path: 'url', message: refusal },
      ])
  }

  async function findOwned(websiteId: string, id: string): Promise<Webhook> {
    const webhook = await deps.webhooks.find(websiteId, id)
    if (!webhook) throw new NotFoundError('Webhook not found')
    return webhook
  }

  /** PATCH replaces each member it sends; `secret: null` removes the secret. */
  function applyPatch(webhook: Webhook, input: WebhookInput, updatedAt: string): Webhook {
    return {
      ...webhook,
      ...(input.name !== undefined && { name: input.name }),
      ...(input.url !== undefined && { url: input.url }),
      ...(input.secret !== undefined && { secret: input.secret }),
      ...(input.events !== undefined && { events: input.events }),
      ...(input.contentTypes !== undefined && { contentTypes: input.contentTypes }),
      updatedAt,
    }
  }

  return {
    async list(websiteId: string): Promise<WebhookView[]> {
      return (await deps.webhooks.listByWebsite(websiteId)).map(toWebhookView)
    },

    async get(websiteId: string, id: string): Promise<WebhookView> {
      return toWebhookView(await findOwned(websiteId, id))
    },

    /** How many webhooks the website has, against its quota. */
    async usage(websiteId: string): Promise<{ webhooks: number }> {
      return { webhooks: await deps.webhooks.countByWebsite(websiteId) }
    },

    /**
     * Past the website's webhook quota: 409 naming limit and usage, nothing stored. Two creates
     * racing for the last place are counted again after the insert; the one past is removed.
     * With a write key, a retry of a create that was made answers that webhook.
     */
    async create(
      websiteId: string,
      body: unknown,
      quotas: WebsiteQuotas = DEFAULT_WEBSITE_QUOTAS,
      writeKey?: string,
    ): Promise<WebhookView> {
      const input = parseCreateInput(body)
      const keyed = await keyedCreate(writeKey, {
        now: deps.now(),
        find: (id) => deps.webhooks.find(websiteId, id),
        madeAt: (made) => new Date(made.createdAt),
      })
      if (keyed.made) return toWebhookView(keyed.made)
      const url = input.url as string
      const held = await deps.webhooks.countByWebsite(websiteId)
      if (held >= quotas.webhooks) throw quotaExceeded('webhooks', quotas.webhooks, held)
      await assertAllowedTarget(url)
      const createdAt = deps.now().toISOString()
      const webhook: Webhook = {
        id: keyed.id ?? deps.newId(),
        websiteId,
        name: input.name ?? new URL(url).host,
        url,
        secret: input.secret ?? null,
        events: input.events ?? [...ENTRY_EVENTS],
        contentTypes: input.contentTypes ?? null,
        createdAt,
        updatedAt: createdAt,
      }
      if (!(await deps.webhooks.insert(webhook))) {
        // Only a retry of this keyed create makes the same id; it won the insert.
        const made = await deps.webhooks.find(websiteId, webhook.id)
        if (made) return toWebhookView(made)
        throw new ConflictError('The webhook was being created and deleted at once; try again')
      }
      const after = await deps.webhooks.countByWebsite(websiteId)
      if (after > quotas.webhooks) {
        await deps.webhooks.remove(websiteId, webhook.id)
        throw quotaExceeded('webhooks', quotas.webhooks, after - 1)
      }
      return toWebhookView(webhook)
    },

    async update(websiteId: string, id: string, body: unknown): Promise<WebhookView> {
      const existing = await findOwned(websiteId, id)
      const input = parsePatchInput(body)
      if (input.url !== undefined) await assertAllowedTarget(input.url)
      const updated = applyPatch(existing, input, deps.now().toISOString())
      if (!(await deps.webhooks.replace(updated))) throw new NotFoundError('Webhook not found')
      return toWebhookView(updated)
    },

    /** The webhook goes with its delivery log; jobs still queued for it find nothing and stop. */
    async remove(websiteId: string, id: string): Promise<void> {
      if (!(await deps.webhooks.remove(websiteId, id))) throw new NotFoundError('Webhook not found')
      await deps.deliveries.removeByWebhook(id)
    },
  }
}

export type WebhookUseCases = ReturnType<typeof createWebhookUseCases>
