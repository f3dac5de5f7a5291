import type { Role } from '../api/admin-resources.ts'
import { TableRegion } from '../ui/table-region.tsx'
import { describePermissions, readPermissions } from './permissions-text.ts'

export interface RoleTableProps {
  roles: Role[]
  onEdit: (role: Role) => void
  onDelete: (role: Role) => void
}

/** Every role with what it grants; only the website's own can be edited or deleted. */
export function RoleTable({ roles, onEdit, onDelete }: RoleTableProps) {
  return (
    <TableRegion label="Roles">
      <table>
        <thead>
          <tr>
            <th scope="col">Role</th>
            <th scope="col">Grants</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {roles.map((role) => {
            const grants = describePermissions(readPermissions(role.permissions))
            return (
              <tr key={role.name}>
                <th scope="row">
                  {role.name} {role.builtIn && <span class="badge">built in</span>}
                  {role.description && <p class="hint">{role.description}</p>}
                </th>
                <td>
                  {grants.length === 0 ? (
                    <span class="muted">nothing</span>
                  ) : (
                    <ul class="plain-list">
                      {grants.map((grant) => (
                        <li key={grant}>{grant}</li>
                      ))}
                    </ul>
                  )}
                </td>
                <td>
                  {role.builtIn ? (
                    <span class="muted">cannot change</span>
                  ) : (
                    <div class="row-actions">
                      <button
                        type="button"
                        class="button button-small"
                        aria-label={`Edit role ${role.name}`}
                        onClick={() => onEdit(role)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        class="button button-small button-danger"
                        aria-label={`Delete role ${role.name}`}
                        onClick={() => onDelete(role)}
                      >
                        Delete
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </TableRegion>
  )
}
