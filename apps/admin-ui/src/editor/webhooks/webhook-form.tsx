import { useState } from 'preact/hooks'
import type { Webhook, WebhookInput } from '@cms/client'
import { ENTRY_EVENTS } from '@cms/contract'
import { ErrorMessage } from '../../ui/error-message.tsx'
import type { EditorSite } from '../editor-site.ts'

/** Creates a webhook, or edits one (a blank secret keeps the stored one). */
export function WebhookForm({
  site,
  webhook,
  onSaved,
  onCancel,
}: {
  site: EditorSite
  webhook?: Webhook
  onSaved: () => void
  onCancel: () => void
}) {
  const [name, setName] = useState(webhook?.name ?? '')
  const [url, setUrl] = useState(webhook?.url ?? '')
  const [secret, setSecret] = useState('')
  const [events, setEvents] = useState<string[]>(webhook?.events ?? [...ENTRY_EVENTS])
  const [types, setTypes] = useState<string[]>(webhook?.contentTypes ?? [])
  const [error, setError] = useState<unknown>()
  const [busy, setBusy] = useState(false)
  const prefix = webhook ? `webhook-${webhook.id}` : 'webhook-new'
  const toggle = (list: string[], value: string, on: boolean) =>
    on ? [...list, value] : list.filter((each) => each !== value)
  const submit = async (event: Event) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    const body = {
      name: name.trim(),
      url: url.trim(),
      events,
      contentTypes: types.length > 0 ? types : null,
      ...(secret ? { secret } : {}),
    } as WebhookInput
    try {
      if (webhook) await site.client.webhooks.update(webhook.id, body)
      else await site.client.webhooks.create(body)
      onSaved()
    } catch (failure) {
      setError(failure)
      setBusy(false)
    }
  }
  return (
    <form
      class="fields webhook-form"
      aria-label={webhook ? `Edit ${webhook.name}` : 'New webhook'}
      noValidate
      onSubmit={submit}
    >
      <ErrorMessage error={error} />
      <div class="form-grid">
        <div>
          <label for={`${prefix}-name`}>Webhook name</label>
          <input
            id={`${prefix}-name`}
            value={name}
            onInput={(event) => setName(event.currentTarget.value)}
          />
        </div>
        <div>
          <label for={`${prefix}-url`}>Endpoint URL</label>
          <input
            id={`${prefix}-url`}
            type="url"
            value={url}
            onInput={(event) => setUrl(event.currentTarget.value)}
          />
        </div>
        <div>
          <label for={`${prefix}-secret`}>Signing secret</label>
          <input
            id={`${prefix}-secret`}
            type="password"
            autoComplete="off"
            value={secret}
            aria-describedby={`${prefix}-secret-hint`}
            onInput={(event) => setSecret(event.currentTarget.value)}
          />
          <p class="hint" id={`${prefix}-secret-hint`}>
            {webhook?.hasSecret
              ? 'A secret is set; leave blank to keep it.'
              : 'Optional; deliveries are signed with it.'}
          </p>
        </div>
      </div>
      <fieldset class="checks">
        <legend>Events</legend>
        {ENTRY_EVENTS.map((each) => (
          <div class="check" key={each}>
            <input
              id={`${prefix}-event-${each}`}
              type="checkbox"
              checked={events.includes(each)}
              onChange={(e) => setEvents(toggle(events, each, e.currentTarget.checked))}
            />
            <label for={`${prefix}-event-${each}`}>{each}</label>
          </div>
        ))}
      </fieldset>
      <fieldset class="checks">
        <legend>Content types (none checked: all)</legend>
        {site.types.map((type) => (
          <div class="check" key={type.name}>
            <input
              id={`${prefix}-type-${type.name}`}
              type="checkbox"
              checked={types.includes(type.name)}
              onChange={(e) => setTypes(toggle(types, type.name, e.currentTarget.checked))}
            />
            <label for={`${prefix}-type-${type.name}`}>{type.label}</label>
          </div>
        ))}
      </fieldset>
      <div class="actions">
        <button type="button" class="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" class="button button-primary" disabled={busy}>
          {webhook ? 'Save webhook' : 'Create webhook'}
        </button>
      </div>
    </form>
  )
}
