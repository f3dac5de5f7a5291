import { useState } from 'preact/hooks'
import type { Webhook } from '@cms/client'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { ErrorMessage } from '../../ui/error-message.tsx'
import { useResource } from '../../ui/use-resource.ts'
import type { EditorSite } from '../editor-site.ts'
import { DeliveryLog } from './delivery-log.tsx'
import { WebhookForm } from './webhook-form.tsx'

/** The website's webhooks: create, edit, delete, test ping and each one's delivery log. */
export function WebhookList({ site }: { site: EditorSite }) {
  const hooks = useResource(() => site.client.webhooks.list(), [site])
  const [editing, setEditing] = useState<string>()
  const [deleting, setDeleting] = useState<Webhook>()
  const [error, setError] = useState<unknown>()
  const [notice, setNotice] = useState<string>()
  const [generation, setGeneration] = useState(0)
  const saved = () => {
    setEditing(undefined)
    hooks.reload()
  }
  const ping = async (hook: Webhook) => {
    setError(undefined)
    try {
      await site.client.webhooks.test(hook.id)
      setNotice(`A test ping is on its way to ${hook.name}.`)
      setGeneration((value) => value + 1)
    } catch (failure) {
      setError(failure)
    }
  }
  const remove = async () => {
    if (!deleting) return
    try {
      await site.client.webhooks.delete(deleting.id)
      hooks.reload()
    } catch (failure) {
      setError(failure)
    } finally {
      setDeleting(undefined)
    }
  }
  return (
    <div class="stack-large">
      <div class="editor-heading">
        <h1>Webhooks</h1>
        {editing !== 'new' && (
          <button type="button" class="button button-primary" onClick={() => setEditing('new')}>
            New webhook
          </button>
        )}
      </div>
      <ErrorMessage error={hooks.error ?? error} />
      {notice && (
        <p class="message message-info" role="status">
          {notice}
        </p>
      )}
      {editing === 'new' && (
        <WebhookForm site={site} onSaved={saved} onCancel={() => setEditing(undefined)} />
      )}
      {hooks.data?.docs.length === 0 && editing !== 'new' && <p class="muted">No webhooks yet.</p>}
      {hooks.data?.docs.map((hook) => (
        <section key={hook.id} class="card stack" aria-labelledby={`hook-${hook.id}`}>
          <h2 id={`hook-${hook.id}`}>{hook.name}</h2>
          <p>
            <code>{hook.url}</code>
          </p>
          <p class="muted">
            {hook.events.join(', ')} · {hook.contentTypes?.join(', ') ?? 'all types'}
            {hook.hasSecret ? ' · signed' : ' · unsigned'}
          </p>
          {editing === hook.id ? (
            <WebhookForm
              site={site}
              webhook={hook}
              onSaved={saved}
              onCancel={() => setEditing(undefined)}
            />
          ) : (
            <div class="actions">
              <button
                type="button"
                class="button button-small"
                aria-label={`Edit ${hook.name}`}
                onClick={() => setEditing(hook.id)}
              >
                Edit
              </button>
              <button
                type="button"
                class="button button-small"
                aria-label={`Send a test ping to ${hook.name}`}
                onClick={() => ping(hook)}
              >
                Test ping
              </button>
              <button
                type="button"
                class="button button-small button-danger"
                aria-label={`Delete ${hook.name}`}
                onClick={() => setDeleting(hook)}
              >
                Delete
              </button>
            </div>
          )}
          <h3>Deliveries</h3>
          <DeliveryLog site={site} webhookId={hook.id} name={hook.name} generation={generation} />
        </section>
      ))}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete"
          onConfirm={remove}
          onCancel={() => setDeleting(undefined)}
        >
          <p>No more deliveries go to {deleting.url}.</p>
        </ConfirmDialog>
      )}
    </div>
  )
}
