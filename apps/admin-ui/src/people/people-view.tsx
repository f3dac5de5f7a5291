import { useState } from 'preact/hooks'
import type { CmsAdminClient, Invitation, OneTimeLink, Person } from '@cms/client'
import { TopBar } from '../app/top-bar.tsx'
import type { PanelSession } from '../session/use-session.ts'
import { ErrorMessage } from '../ui/error-message.tsx'
import { formatDateTime } from '../ui/format.ts'
import { ShownOnce } from '../ui/shown-once.tsx'
import { useResource } from '../ui/use-resource.ts'
import { InvitationsList } from './invitations-list.tsx'
import { InviteForm } from './invite-form.tsx'
import { PeopleTable } from './people-table.tsx'
import type { PersonAction } from './people-table.tsx'
import { EditMembershipsDialog, PersonChangeDialog } from './person-dialogs.tsx'

type Shown =
  | { kind: 'invitation'; invitation: Invitation }
  | { kind: 'reset'; person: Person; link: OneTimeLink }

/** `#/people`: the operator's view of the installation's people and open invitations. */
export function PeopleView({ signedIn, api }: { signedIn: PanelSession; api: CmsAdminClient }) {
  const people = useResource(() => api.people.list().then(({ docs }) => docs), [api])
  const invitations = useResource(() => api.invitations.list().then(({ docs }) => docs), [api])
  const websites = useResource(() => api.websites.list().then(({ docs }) => docs), [api])
  const [shown, setShown] = useState<Shown>()
  const [acting, setActing] = useState<{ action: PersonAction; person: Person }>()
  const [actionError, setActionError] = useState<unknown>()
  const onAction = async (action: PersonAction, person: Person) => {
    setActionError(undefined)
    try {
      if (action === 'enable') {
        await api.people.update(person.id, { disabled: false })
        people.reload()
      } else if (action === 'reset') {
        setShown({ kind: 'reset', person, link: await api.people.passwordReset(person.id) })
      } else setActing({ action, person })
    } catch (error) {
      setActionError(error)
    }
  }
  const closed = (changed: boolean) => {
    setActing(undefined)
    if (changed) people.reload()
  }
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar brand="CMS admin" signedIn={signedIn} current="people" />
      <main class="detail stack-large" id="main" tabIndex={-1}>
        <h1>People</h1>
        {shown?.kind === 'invitation' && shown.invitation.link && (
          <ShownOnce
            id="invitation-link"
            heading={`Send this link to ${shown.invitation.email}`}
            label="Invitation link"
            value={shown.invitation.link}
            onDismiss={() => setShown(undefined)}
          >
            It lets them choose a password once, until {formatDateTime(shown.invitation.expiresAt)}.
          </ShownOnce>
        )}
        {shown?.kind === 'reset' && (
          <ShownOnce
            id="reset-link"
            heading={`Send this link to ${shown.person.email}`}
            label="Password reset link"
            value={shown.link.link}
            onDismiss={() => setShown(undefined)}
          >
            It sets a new password once, until {formatDateTime(shown.link.expiresAt)}.
          </ShownOnce>
        )}
        <InviteForm
          api={api}
          websites={websites.data ?? []}
          onInvited={(invitation) => {
            setShown({ kind: 'invitation', invitation })
            invitations.reload()
          }}
        />
        <ErrorMessage error={actionError ?? people.error ?? websites.error} />
        <section class="stack" aria-labelledby="people-heading">
          <h2 id="people-heading">Everyone</h2>
          {people.data && (
            <PeopleTable
              people={people.data}
              websites={websites.data ?? []}
              onAction={(action, person) => void onAction(action, person)}
            />
          )}
        </section>
        <InvitationsList api={api} invitations={invitations} />
      </main>
      {acting?.action === 'memberships' && (
        <EditMembershipsDialog
          api={api}
          person={acting.person}
          websites={websites.data ?? []}
          onClose={closed}
        />
      )}
      {(acting?.action === 'disable' || acting?.action === 'remove') && (
        <PersonChangeDialog
          api={api}
          person={acting.person}
          change={acting.action}
          onClose={closed}
        />
      )}
    </>
  )
}
