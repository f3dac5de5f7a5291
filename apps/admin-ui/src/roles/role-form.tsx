import { useEffect, useRef, useState } from 'preact/hooks'
import type { CmsAdminClient } from '@cms/client'
import { CAPABILITIES, CONTENT_ACTIONS } from '@cms/contract'
import type { Role } from '../api/admin-resources.ts'
import { ErrorMessage } from '../ui/error-message.tsx'
import { ActionChoiceField } from './action-choice-field.tsx'
import { choicesOf, permissionsOf } from './permission-choices.ts'
import { readPermissions } from './permissions-text.ts'

export interface RoleFormProps {
  api: CmsAdminClient
  websiteId: string
  /** The website's content types, which actions may be limited to. */
  types: readonly string[]
  /** A custom role to change; without it the form creates one. */
  role?: Role
  onSaved: (role: Role) => void
  onCancel?: () => void
}

/** Creates a custom role or changes one's description and permissions (its name stays). */
export function RoleForm({ api, websiteId, types, role, onSaved, onCancel }: RoleFormProps) {
  const start = () => ({
    name: role?.name ?? '',
    description: role?.description ?? '',
    choices: choicesOf(readPermissions(role?.permissions ?? {})),
  })
  const [form, setForm] = useState(start)
  const [error, setError] = useState<unknown>()
  const [busy, setBusy] = useState(false)
  const prefix = role ? 'role-edit' : 'role-new'
  const headingRef = useRef<HTMLHeadingElement>(null)
  // Edit is clicked in the table below: the form it opens takes the focus.
  useEffect(() => {
    if (role) headingRef.current?.focus()
  }, [role])
  const submit = async (event: Event) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    const description = form.description.trim()
    const permissions = permissionsOf(form.choices)
    try {
      const saved = role
        ? await api.roles.update(websiteId, role.name, { description, permissions })
        : await api.roles.create(websiteId, {
            name: form.name.trim(),
            ...(description && { description }),
            permissions,
          })
      if (!role) setForm(start())
      onSaved(saved)
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }
  const heading = role ? `Edit role “${role.name}”` : 'Create a role'
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby={`${prefix}-heading`}>
      <h3 id={`${prefix}-heading`} ref={headingRef} tabIndex={-1}>
        {heading}
      </h3>
      <div class="form-grid">
        {!role && (
          <div class="field">
            <label for={`${prefix}-name`}>Role name</label>
            <input
              id={`${prefix}-name`}
              required
              maxLength={64}
              value={form.name}
              aria-describedby={`${prefix}-name-hint`}
              onInput={(event) => setForm({ ...form, name: event.currentTarget.value })}
            />
            <p id={`${prefix}-name-hint`} class="hint">
              Lower case letters, digits, - and _; not a built-in role's name.
            </p>
          </div>
        )}
        <div class="field">
          <label for={`${prefix}-description`}>Description</label>
          <input
            id={`${prefix}-description`}
            maxLength={500}
            value={form.description}
            onInput={(event) => setForm({ ...form, description: event.currentTarget.value })}
          />
        </div>
      </div>
      <fieldset class="permission-fields">
        <legend>Actions on documents</legend>
        <div class="form-grid">
          {CONTENT_ACTIONS.map((action) => (
            <ActionChoiceField
              key={action}
              idPrefix={prefix}
              action={action}
              choice={form.choices.actions[action]}
              types={types}
              onChange={(choice) =>
                setForm({
                  ...form,
                  choices: {
                    ...form.choices,
                    actions: { ...form.choices.actions, [action]: choice },
                  },
                })
              }
            />
          ))}
        </div>
      </fieldset>
      <fieldset class="choice-list">
        <legend>Capabilities (website-wide)</legend>
        <div class="choices">
          {CAPABILITIES.map((capability) => (
            <div class="choice" key={capability}>
              <input
                id={`${prefix}-${capability}`}
                type="checkbox"
                checked={form.choices.capabilities[capability]}
                onChange={(event) =>
                  setForm({
                    ...form,
                    choices: {
                      ...form.choices,
                      capabilities: {
                        ...form.choices.capabilities,
                        [capability]: event.currentTarget.checked,
                      },
                    },
                  })
                }
              />
              <label for={`${prefix}-${capability}`}>{capability}</label>
            </div>
          ))}
        </div>
      </fieldset>
      <ErrorMessage error={error} />
      <div class="actions">
        {onCancel && (
          <button type="button" class="button" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" class="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : role ? 'Save role' : 'Create role'}
        </button>
      </div>
    </form>
  )
}
