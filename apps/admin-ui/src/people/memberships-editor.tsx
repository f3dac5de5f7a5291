import type { CmsAdminClient, Membership, Website } from '@cms/client'
import { useRoles } from '../api/website-lists.ts'

/** A person's role on one website, as the forms edit it (no content-type restriction here). */
export type MembershipInput = Pick<Membership, 'websiteId' | 'role'> & { types?: string[] | null }

const DEFAULT_ROLE = 'editor'

/** One row per website the person works on: the website and their role there. */
export function MembershipsEditor(props: {
  idPrefix: string
  api: CmsAdminClient
  websites: readonly Website[]
  value: readonly MembershipInput[]
  onChange: (memberships: MembershipInput[]) => void
}) {
  const { value, onChange } = props
  const unused = props.websites.filter((site) => !value.some((row) => row.websiteId === site.id))
  const replace = (index: number, row: MembershipInput) =>
    onChange(value.map((current, at) => (at === index ? row : current)))
  return (
    <fieldset class="stack">
      <legend>Websites and roles</legend>
      {value.length === 0 && <p class="muted">No website yet.</p>}
      {value.map((row, index) => (
        <MembershipRow
          key={`${index}:${row.websiteId}`}
          id={`${props.idPrefix}-${index + 1}`}
          number={index + 1}
          api={props.api}
          websites={props.websites.filter(
            (site) => site.id === row.websiteId || unused.includes(site),
          )}
          row={row}
          onChange={(next) => replace(index, next)}
          onRemove={() => onChange(value.filter((_, at) => at !== index))}
        />
      ))}
      <div class="actions">
        <button
          type="button"
          class="button"
          disabled={unused.length === 0}
          onClick={() => onChange([...value, { websiteId: unused[0]!.id, role: DEFAULT_ROLE }])}
        >
          Add a website
        </button>
      </div>
    </fieldset>
  )
}

function MembershipRow(props: {
  id: string
  number: number
  api: CmsAdminClient
  websites: readonly Website[]
  row: MembershipInput
  onChange: (row: MembershipInput) => void
  onRemove: () => void
}) {
  const roles = useRoles(props.api, props.row.websiteId)
  const names = roles.data?.map((role) => role.name) ?? [props.row.role]
  return (
    <div class="inline-form" role="group" aria-label={`Membership ${props.number}`}>
      <div class="field">
        <label for={`${props.id}-website`}>Website</label>
        <select
          id={`${props.id}-website`}
          value={props.row.websiteId}
          onChange={(event) =>
            props.onChange({ websiteId: event.currentTarget.value, role: props.row.role })
          }
        >
          {props.websites.map((site) => (
            <option key={site.id} value={site.id}>
              {site.name}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for={`${props.id}-role`}>Role</label>
        <select
          id={`${props.id}-role`}
          value={props.row.role}
          onChange={(event) => props.onChange({ ...props.row, role: event.currentTarget.value })}
        >
          {(names.includes(props.row.role) ? names : [props.row.role, ...names]).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <button type="button" class="button button-small" onClick={props.onRemove}>
        Remove
      </button>
    </div>
  )
}

/** What the API takes: a restriction to content types kept as it was. */
export const membershipsBody = (rows: readonly MembershipInput[]) =>
  rows.map((row) => ({
    websiteId: row.websiteId,
    role: row.role,
    ...(row.types ? { types: row.types } : {}),
  }))
