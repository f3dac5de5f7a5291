import { useState } from 'preact/hooks'
import type { CmsAdminClient } from '@cms/client'
import type { CreatedApiKey, NewApiKey, Role } from '../api/admin-resources.ts'
import { permissionsSummary } from '../roles/permissions-text.ts'
import { ErrorMessage } from '../ui/error-message.tsx'
import { TypeCheckboxes } from '../ui/type-checkboxes.tsx'

export interface CreateKeyFormProps {
  api: CmsAdminClient
  websiteId: string
  roles: readonly Role[]
  types: readonly string[]
  onCreated: (key: CreatedApiKey) => void
}

/** `read` keys were what `viewer` keys are: the least a new key is given unless chosen. */
const DEFAULT_ROLE = 'viewer'

const EMPTY = {
  name: '',
  role: DEFAULT_ROLE,
  types: [] as string[],
  expires: '',
  perMinute: '',
  perDay: '',
}
type KeyForm = typeof EMPTY

/**
 * Blank plan fields are left out, so the gateway's default plan applies to them; no type checked
 * means every type; the expiry is the browser's local time, sent as an ISO instant.
 */
export function newKeyInput(form: KeyForm): NewApiKey {
  const rateLimit: NewApiKey['rateLimit'] = {}
  if (form.perMinute.trim()) rateLimit.perMinute = Number(form.perMinute)
  if (form.perDay.trim()) rateLimit.perDay = Number(form.perDay)
  const input: NewApiKey = { name: form.name.trim(), role: form.role }
  if (form.types.length > 0) input.types = form.types
  if (form.expires) input.expiresAt = new Date(form.expires).toISOString()
  if (Object.keys(rateLimit).length > 0) input.rateLimit = rateLimit
  return input
}

export function CreateKeyForm({ api, websiteId, roles, types, onCreated }: CreateKeyFormProps) {
  const [form, setForm] = useState(EMPTY)
  const [error, setError] = useState<unknown>()
  const [busy, setBusy] = useState(false)
  const set =
    (field: Exclude<keyof KeyForm, 'types'>) => (event: { currentTarget: { value: string } }) =>
      setForm({ ...form, [field]: event.currentTarget.value })
  const chosen = roles.find((role) => role.name === form.role)
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
          <label for="key-role">Role</label>
          <select
            id="key-role"
            value={form.role}
            onChange={set('role')}
            aria-describedby="key-role-hint"
          >
            {roles.length === 0 && <option value={DEFAULT_ROLE}>{DEFAULT_ROLE}</option>}
            {roles.map((role) => (
              <option key={role.name} value={role.name}>
                {role.builtIn ? role.name : `${role.name} (this website's)`}
              </option>
            ))}
          </select>
          <p id="key-role-hint" class="hint">
            {chosen ? `Grants ${permissionsSummary(chosen.permissions)}.` : ' '}
          </p>
        </div>
        <div class="field">
          <label for="key-expires">Expires</label>
          <input
            id="key-expires"
            type="datetime-local"
            value={form.expires}
            onInput={set('expires')}
            aria-describedby="key-expires-hint"
          />
          <p id="key-expires-hint" class="hint">
            Your local time. Blank: the key does not expire.
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
      <TypeCheckboxes
        idPrefix="key-type"
        legend="Content types (none checked: every type)"
        types={types}
        checked={form.types}
        onChange={(checked) => setForm({ ...form, types: checked })}
      />
      <ErrorMessage error={error} />
      <div class="actions">
        <button type="submit" class="button button-primary" disabled={busy}>
          {busy ? 'Creating…' : 'Create key'}
        </button>
      </div>
    </form>
  )
}
