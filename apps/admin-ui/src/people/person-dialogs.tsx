import { useState } from 'preact/hooks'
import type { CmsAdminClient, Person, Website } from '@cms/client'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { ErrorMessage } from '../ui/error-message.tsx'
import { useAttempt } from '../ui/use-attempt.ts'
import { MembershipsEditor, membershipsBody } from './memberships-editor.tsx'
import type { MembershipInput } from './memberships-editor.tsx'

interface DialogProps {
  api: CmsAdminClient
  person: Person
  /** Whether the person changed. */
  onClose: (changed: boolean) => void
}

/** Replaces the person's memberships: what they may do on each website. */
export function EditMembershipsDialog(props: DialogProps & { websites: readonly Website[] }) {
  const [rows, setRows] = useState<MembershipInput[]>(() =>
    props.person.memberships.map((row) => ({ ...row })),
  )
  const save = useAttempt(async () => {
    await props.api.people.update(props.person.id, { memberships: membershipsBody(rows) })
    props.onClose(true)
  })
  return (
    <ConfirmDialog
      title={`Roles of ${props.person.name}`}
      confirmLabel="Save roles"
      busy={save.busy}
      onConfirm={() => void save.run()}
      onCancel={() => props.onClose(false)}
    >
      <MembershipsEditor
        idPrefix="edit-membership"
        api={props.api}
        websites={props.websites}
        value={rows}
        onChange={setRows}
      />
      <ErrorMessage error={save.error} />
    </ConfirmDialog>
  )
}

/** Disabling signs the person out everywhere at once; removing also deletes the account. */
export function PersonChangeDialog(props: DialogProps & { change: 'disable' | 'remove' }) {
  const act = useAttempt(async () => {
    await (props.change === 'disable'
      ? props.api.people.update(props.person.id, { disabled: true })
      : props.api.people.remove(props.person.id))
    props.onClose(true)
  })
  const disable = props.change === 'disable'
  return (
    <ConfirmDialog
      title={`${disable ? 'Disable' : 'Remove'} ${props.person.name}?`}
      confirmLabel={disable ? 'Disable' : 'Remove'}
      busy={act.busy}
      onConfirm={() => void act.run()}
      onCancel={() => props.onClose(false)}
    >
      <p>
        {props.person.email} is signed out everywhere at once and their personal access tokens stop
        working.{' '}
        {disable
          ? 'Enable them again at any time.'
          : 'The account is deleted; their past work keeps their id.'}
      </p>
      <ErrorMessage error={act.error} />
    </ConfirmDialog>
  )
}
