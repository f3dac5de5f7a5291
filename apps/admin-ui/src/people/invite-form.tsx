import { useState } from 'preact/hooks'
import type { CmsAdminClient, Invitation, Website } from '@cms/client'
import { ErrorMessage } from '../ui/error-message.tsx'
import { useAttempt } from '../ui/use-attempt.ts'
import { MembershipsEditor, membershipsBody } from './memberships-editor.tsx'
import type { MembershipInput } from './memberships-editor.tsx'

const EMPTY = { email: '', operator: false, memberships: [] as MembershipInput[] }

/** An invitation: the link (shown once by the caller) lets the person choose a password. */
export function InviteForm(props: {
  api: CmsAdminClient
  websites: readonly Website[]
  onInvited: (invitation: Invitation) => void
}) {
  const [form, setForm] = useState(EMPTY)
  const invite = useAttempt(async () => {
    props.onInvited(
      await props.api.invitations.create({
        email: form.email.trim(),
        operator: form.operator,
        memberships: membershipsBody(form.memberships),
      }),
    )
    setForm(EMPTY)
  })
  return (
    <form
      class="card stack"
      aria-labelledby="invite-heading"
      onSubmit={(event) => {
        event.preventDefault()
        void invite.run()
      }}
    >
      <h2 id="invite-heading">Invite a person</h2>
      <div class="field">
        <label for="invite-email">Email</label>
        <input
          id="invite-email"
          type="email"
          required
          value={form.email}
          onInput={(event) => setForm({ ...form, email: event.currentTarget.value })}
        />
      </div>
      <label class="choice">
        <input
          type="checkbox"
          checked={form.operator}
          onChange={(event) => setForm({ ...form, operator: event.currentTarget.checked })}
        />
        Platform operator (manages websites and people)
      </label>
      <MembershipsEditor
        idPrefix="invite-membership"
        api={props.api}
        websites={props.websites}
        value={form.memberships}
        onChange={(memberships) => setForm({ ...form, memberships })}
      />
      <ErrorMessage error={invite.error} />
      <div class="actions">
        <button type="submit" class="button button-primary" disabled={invite.busy}>
          {invite.busy ? 'Inviting…' : 'Create invitation'}
        </button>
      </div>
    </form>
  )
}
