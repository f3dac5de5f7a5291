import type { Person, Website } from '@cms/client'
import { formatDateTime } from '../ui/format.ts'
import { TableRegion } from '../ui/table-region.tsx'

export type PersonAction = 'disable' | 'enable' | 'memberships' | 'reset' | 'remove'

/** Each person with their websites and roles, status, last sign-in and what can be done. */
export function PeopleTable(props: {
  people: readonly Person[]
  websites: readonly Website[]
  onAction: (action: PersonAction, person: Person) => void
}) {
  const nameOf = (id: string) => props.websites.find((site) => site.id === id)?.name ?? id
  const button = (action: PersonAction, person: Person, label: string, danger = false) => (
    <button
      type="button"
      class={danger ? 'button button-small button-danger' : 'button button-small'}
      aria-label={`${label} ${person.email}`}
      onClick={() => props.onAction(action, person)}
    >
      {label}
    </button>
  )
  return (
    <TableRegion label="People">
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Websites and roles</th>
            <th scope="col">Status</th>
            <th scope="col">Last sign-in</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {props.people.map((person) => (
            <tr key={person.id} class={person.disabled ? 'revoked' : undefined}>
              <th scope="row">
                {person.name}
                {person.operator && <span class="badge badge-owner">operator</span>}
              </th>
              <td class="break">{person.email}</td>
              <td>
                {person.memberships.length === 0
                  ? '—'
                  : person.memberships
                      .map((membership) => `${nameOf(membership.websiteId)}: ${membership.role}`)
                      .join(', ')}
              </td>
              <td>{person.disabled ? 'Disabled' : 'Active'}</td>
              <td class="nowrap">{formatDateTime(person.lastSignInAt)}</td>
              <td>
                <div class="row-actions">
                  {person.disabled
                    ? button('enable', person, 'Enable')
                    : button('disable', person, 'Disable', true)}
                  {button('memberships', person, 'Edit roles')}
                  {person.password && button('reset', person, 'Reset link')}
                  {button('remove', person, 'Remove', true)}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  )
}
