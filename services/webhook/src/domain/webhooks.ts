import type { WebhookCreateBody } from '@cms/contract'
import { ConflictError, NotFoundError, ValidationError } from '@cms/errors'
import { ENTRY_EVENTS } from '@cms/events'
import { DEFAULT_WEBSITE_QUOTAS, keyedCreate, quotaExceeded } from '@cms/http'
import type { WebsiteQuotas } from '@cms/http'
import type { DeliveryRepository } from '../data/delivery-repository.ts'
import type { WebhookRepository } from '../data/webhook-repository.ts'
import type { TargetGuard } from './target-guard.ts'
import { toWebhookView } from './webhook.ts'
import type { Webhook, WebhookView } from './webhook.ts'
import { parsePatchInput } from './webhook-input.ts'
import type { WebhookInput } from './webhook-input.ts'
import { contentTypesFor, isVisibleTo } from './webhook-visibility.ts'
import type { WebhookCaller } from './webhook-visibility.ts'

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

  /** A webhook of another website, or told of a type the caller may not see, is not found. */
  async function findOwned(caller: WebhookCaller, id: string): Promise<Webhook> {
    const webhook = await deps.webhooks.find(caller.websiteId, id)
    if (!webhook || !isVisibleTo(webhook, caller)) throw new NotFoundError('Webhook not found')
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
    async list(caller: WebhookCaller): Promise<WebhookView[]> {
      const webhooks = await deps.webhooks.listByWebsite(caller.websiteId)
      return webhooks.filter((webhook) => isVisibleTo(webhook, caller)).map(toWebhookView)
    },

    async get(caller: WebhookCaller, id: string): Promise<WebhookView> {
      return toWebhookView(await findOwned(caller, id))
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
      caller: WebhookCaller,
      input: WebhookCreateBody,
      quotas: WebsiteQuotas = DEFAULT_WEBSITE_QUOTAS,
      writeKey?: string,
    ): Promise<WebhookView> {
      const { websiteId } = caller
      const contentTypes = contentTypesFor(input.contentTypes ?? null, caller)
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
        contentTypes,
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

    async update(caller: WebhookCaller, id: string, body: unknown): Promise<WebhookView> {
      const existing = await findOwned(caller, id)
      const sent = parsePatchInput(body)
      const input =
        sent.contentTypes === undefined
          ? sent
          : { ...sent, contentTypes: contentTypesFor(sent.contentTypes, caller) }
      if (input.url !== undefined) await assertAllowedTarget(input.url)
      const updated = applyPatch(existing, input, deps.now().toISOString())
      if (!(await deps.webhooks.replace(updated))) throw new NotFoundError('Webhook not found')
      return toWebhookView(updated)
    },

    /** The webhook goes with its delivery log; jobs still queued for it find nothing and stop. */
    async remove(caller: WebhookCaller, id: string): Promise<void> {
      await findOwned(caller, id)
      if (!(await deps.webhooks.remove(caller.websiteId, id)))
        throw new NotFoundError('Webhook not found')
      await deps.deliveries.removeByWebhook(id)
    },
  }
}

export type WebhookUseCases = ReturnType<typeof createWebhookUseCases>
