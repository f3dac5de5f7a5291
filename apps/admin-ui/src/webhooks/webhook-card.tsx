import { useState } from 'preact/hooks'
import type { CmsAdminClient } from '@cms/client'
import type { Webhook } from '../api/admin-resources.ts'
import { DeliveriesTable } from './deliveries-table.tsx'

export interface WebhookCardProps {
  api: CmsAdminClient
  websiteId: string
  webhook: Webhook
}

export function WebhookCard({ api, websiteId, webhook }: WebhookCardProps) {
  const [open, setOpen] = useState(false)
  const panelId = `deliveries-${webhook.id}`
  return (
    <article class="card stack" aria-labelledby={`webhook-${webhook.id}`}>
      <h3 id={`webhook-${webhook.id}`}>{webhook.name}</h3>
      <dl class="facts">
        <dt>URL</dt>
        <dd>
          <code class="break">{webhook.url}</code>
        </dd>
        <dt>Events</dt>
        <dd>{webhook.events.join(', ')}</dd>
        <dt>Content types</dt>
        <dd>{webhook.contentTypes?.length ? webhook.contentTypes.join(', ') : 'all'}</dd>
        <dt>Signed</dt>
        <dd>{webhook.hasSecret ? 'yes (secret set)' : 'no secret'}</dd>
      </dl>
      <div class="actions">
        <button
          type="button"
          class="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide recent deliveries' : 'Show recent deliveries'}
        </button>
      </div>
      <div id={panelId} hidden={!open}>
        {open && <DeliveriesTable api={api} websiteId={websiteId} webhookId={webhook.id} />}
      </div>
    </article>
  )
}
