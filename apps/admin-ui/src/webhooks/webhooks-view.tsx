import type { CmsAdminClient } from '@cms/client'
import { ErrorMessage } from '../ui/error-message.tsx'
import { useResource } from '../ui/use-resource.ts'
import { WebhookCard } from './webhook-card.tsx'

export function WebhooksView({ api, websiteId }: { api: CmsAdminClient; websiteId: string }) {
  const webhooks = useResource(
    () => api.websites.webhooks(websiteId).then(({ docs }) => docs),
    [api, websiteId],
  )
  return (
    <div class="stack-large">
      <h2>Webhooks</h2>
      <p class="muted">Read-only: webhooks are changed through the API with an admin key.</p>
      <ErrorMessage error={webhooks.error} />
      {!webhooks.data && webhooks.loading && (
        <p class="muted" role="status">
          Loading webhooks…
        </p>
      )}
      {webhooks.data?.length === 0 && <p class="muted">This website has no webhooks.</p>}
      {webhooks.data && webhooks.data.length > 0 && (
        <ul class="cards">
          {webhooks.data.map((webhook) => (
            <li key={webhook.id}>
              <WebhookCard api={api} websiteId={websiteId} webhook={webhook} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
