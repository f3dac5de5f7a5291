import type { Context } from 'koa'
import { bodyMembers } from '@cms/http'
import type { AuditedChange } from '@cms/http'

/** The webhook the call addresses, or the one a create answered. */
const webhookTarget = (ctx: Context) => {
  const id = ctx.params?.id ?? (ctx.body as { id?: string } | undefined)?.id
  return { kind: 'webhook', ...(id !== undefined && { id }) }
}

/**
 * What the audit log says of the webhook service's changes (docs/audit.md, "Settings"): the
 * target is the webhook, so its activity reads under one target id; `changes` are the member
 * names sent (`secret` among them when it was sent, never its value).
 */
export const AUDITED_WEBHOOKS = {
  createWebhook: { action: 'webhook.create', target: webhookTarget, changes: bodyMembers },
  updateWebhook: { action: 'webhook.update', target: webhookTarget, changes: bodyMembers },
  deleteWebhook: { action: 'webhook.delete', target: webhookTarget },
  testWebhook: { action: 'webhook.test', target: webhookTarget },
  redeliver: { action: 'webhook.redeliver', target: webhookTarget },
} satisfies Record<string, AuditedChange>
