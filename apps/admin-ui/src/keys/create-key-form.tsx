import { useState } from 'preact/hooks'
import type { CmsAdminClient } from '@cms/client'
import type { CreatedApiKey, KeyScope, NewApiKey } from '../api/admin-resources.ts'
import { ErrorMessage } from '../ui/error-message.tsx'

export interface CreateKeyFormProps {
  api: CmsAdminClient
  websiteId: string
  onCreated: (key: CreatedApiKey) => void
}

const EMPTY = { name: '', scope: 'read' as KeyScope, perMinute: '', perDay: '' }

/** Blank plan fields are left out, so the gateway's default plan applies to them. */
export function newKeyInput(form: typeof EMPTY): NewApiKey {
  const rateLimit: NewApiKey['rateLimit'] = {}
  if (form.perMinute.trim()) rateLimit.perMinute = Number(form.perMinute)
  if (form.perDay.trim()) rateLimit.perDay = Number(form.perDay)
  const input: NewApiKey = { name: form.name.trim(), scope: form.scope }
  if (Object.keys(rateLimit).length > 0) input.rateLimit = rateLimit
  return input
}

export function CreateKeyForm({ api, websiteId, onCreated }: CreateKeyFormProps) {
  const [form, setForm] = useState(EMPTY)
  const [error, setError] = useState<unknown>()
  const [busy, setBusy] = useState(false)
  const set = (field: keyof typeof EMPTY) => (event: { currentTarget: { value: string } }) =>
    setForm({ ...form, [field]: event.currentTarget.value })
  const submit = async (event: Event) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      onCreated(await api.keys.create(websiteId, newKeyInput(form)))
      setForm(EMPTY)
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="create-key-heading">
      <h3 id="create-key-heading">Create a key</h3>
      <div class="form-grid">
        <div class="field">
          <label for="key-name">Name</label>
          <input id="key-name" required maxLength={100} value={form.name} onInput={set('name')} />
        </div>
        <div class="field">
          <label for="key-scope">Scope</label>
          <select
            id="key-scope"
            value={form.scope}
            onChange={set('scope')}
            aria-describedby="key-scope-hint"
          >
            <option value="read">read</option>
            <option value="admin">admin</option>
          </select>
          <p id="key-scope-hint" class="hint">
            read: published content only. admin: every endpoint, drafts included.
          </p>
        </div>
        <div class="field">
          <label for="key-per-minute">Requests per minute</label>
          <input
            id="key-per-minute"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            placeholder="60"
            value={form.perMinute}
            onInput={set('perMinute')}
            aria-describedby="key-plan-hint"
          />
        </div>
        <div class="field">
          <label for="key-per-day">Requests per day</label>
          <input
            id="key-per-day"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            placeholder="10000"
            value={form.perDay}
            onInput={set('perDay')}
            aria-describedby="key-plan-hint"
          />
        </div>
      </div>
      <p id="key-plan-hint" class="hint">
        Leave the plan empty for the default of 60 requests a minute and 10,000 a day.
      </p>
      <ErrorMessage error={error} />
      <div class="actions">
        <button type="submit" class="button button-primary" disabled={busy}>
          {busy ? 'Creating…' : 'Create key'}
        </button>
      </div>
    </form>
  )
}
