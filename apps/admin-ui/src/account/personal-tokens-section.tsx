import { useState } from 'preact/hooks'
import type { CreatedPersonalToken, PersonalToken } from '@cms/client'
import type { PanelSession } from '../session/use-session.ts'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { ErrorMessage } from '../ui/error-message.tsx'
import { formatDateTime } from '../ui/format.ts'
import { ShownOnce } from '../ui/shown-once.tsx'
import { TableRegion } from '../ui/table-region.tsx'
import { useAttempt } from '../ui/use-attempt.ts'
import { useResource } from '../ui/use-resource.ts'

/** Personal access tokens (`cmsu_…`) for the CLI and scripts: they act with the person's roles. */
export function PersonalTokensSection({ signedIn }: { signedIn: PanelSession }) {
  const { account } = signedIn
  const tokens = useResource(() => account.tokens.list().then(({ docs }) => docs), [account])
  const [form, setForm] = useState({ name: '', days: '30' })
  const [created, setCreated] = useState<CreatedPersonalToken>()
  const [revoking, setRevoking] = useState<PersonalToken>()
  const create = useAttempt(async () => {
    const days = Number(form.days)
    setCreated(
      await account.tokens.create({
        name: form.name.trim(),
        ...(form.days.trim() && Number.isInteger(days) ? { expiresInDays: days } : {}),
      }),
    )
    setForm({ name: '', days: '30' })
    tokens.reload()
  })
  const revoke = useAttempt(async () => {
    if (revoking) await account.tokens.revoke(revoking.id)
    setRevoking(undefined)
    tokens.reload()
  })
  return (
    <section class="card stack" aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">Personal access tokens</h2>
      <p class="muted">
        For the <code>cms</code> command line and scripts (<code>CMS_TOKEN</code>): a token can do
        what you can, until it expires or you revoke it.
      </p>
      {created && (
        <ShownOnce
          id="new-token"
          heading={`Copy the token “${created.name}” now`}
          label="Personal access token"
          value={created.token}
          onDismiss={() => setCreated(undefined)}
        >
          Only its prefix is kept. It expires {formatDateTime(created.expiresAt)}.
        </ShownOnce>
      )}
      <form
        class="inline-form"
        onSubmit={(event) => {
          event.preventDefault()
          void create.run()
        }}
      >
        <div class="field">
          <label for="token-name">Token name</label>
          <input
            id="token-name"
            required
            maxLength={100}
            value={form.name}
            onInput={(event) => setForm({ ...form, name: event.currentTarget.value })}
          />
        </div>
        <div class="field">
          <label for="token-days">Expires in days</label>
          <input
            id="token-days"
            type="number"
            inputMode="numeric"
            min={1}
            max={366}
            step={1}
            value={form.days}
            onInput={(event) => setForm({ ...form, days: event.currentTarget.value })}
          />
        </div>
        <button type="submit" class="button button-primary" disabled={create.busy}>
          {create.busy ? 'Creating…' : 'Create token'}
        </button>
      </form>
      <ErrorMessage error={create.error ?? tokens.error} />
      {tokens.data && tokens.data.length === 0 && <p class="muted">No tokens.</p>}
      {tokens.data && tokens.data.length > 0 && (
        <TableRegion label="Personal access tokens">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Prefix</th>
                <th scope="col">Created</th>
                <th scope="col">Expires</th>
                <th scope="col">Last used</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.map((token) => (
                <tr key={token.id}>
                  <th scope="row">{token.name}</th>
                  <td>
                    <code>{token.prefix}</code>
                  </td>
                  <td class="nowrap">{formatDateTime(token.createdAt)}</td>
                  <td class="nowrap">{formatDateTime(token.expiresAt)}</td>
                  <td class="nowrap">{formatDateTime(token.lastUsedAt)}</td>
                  <td>
                    <button
                      type="button"
                      class="button button-small button-danger"
                      aria-label={`Revoke ${token.name}`}
                      onClick={() => setRevoking(token)}
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {revoking && (
        <ConfirmDialog
          title={`Revoke “${revoking.name}”?`}
          confirmLabel="Revoke token"
          busy={revoke.busy}
          onConfirm={() => void revoke.run()}
          onCancel={() => setRevoking(undefined)}
        >
          <p>Scripts using this token are refused from now on.</p>
          <ErrorMessage error={revoke.error} />
        </ConfirmDialog>
      )}
    </section>
  )
}
