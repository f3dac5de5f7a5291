import { useState } from 'preact/hooks'
import type { CmsAdminClient } from '@cms/client'
import type { Role } from '../api/admin-resources.ts'
import { useRoles, useTypeNames } from '../api/website-lists.ts'
import { ErrorMessage } from '../ui/error-message.tsx'
import { DeleteRoleDialog } from './delete-role-dialog.tsx'
import { RoleForm } from './role-form.tsx'
import { RoleTable } from './role-table.tsx'

/** The website's roles: the built-in ones to read, its own to create, change and delete. */
export function RolesView({ api, websiteId }: { api: CmsAdminClient; websiteId: string }) {
  const roles = useRoles(api, websiteId)
  const types = useTypeNames(api, websiteId)
  const [editing, setEditing] = useState<Role>()
  const [deleting, setDeleting] = useState<Role>()
  const [saved, setSaved] = useState<string>()
  const typeNames = types.data ?? []
  return (
    <div class="stack-large">
      <h2>Roles</h2>
      <p class="muted">
        A key has one role. Built-in roles are the same on every website; a website's own roles
        grant actions on all or chosen content types and website-wide capabilities. A changed role
        holds for its keys within 5 seconds.
      </p>
      {saved && (
        <p class="message message-info" role="status">
          {saved}
        </p>
      )}
      {editing ? (
        <RoleForm
          key={editing.name}
          api={api}
          websiteId={websiteId}
          types={typeNames}
          role={editing}
          onSaved={(role) => {
            setEditing(undefined)
            setSaved(`Saved role ${role.name}.`)
            roles.reload()
          }}
          onCancel={() => setEditing(undefined)}
        />
      ) : (
        <RoleForm
          api={api}
          websiteId={websiteId}
          types={typeNames}
          onSaved={(role) => {
            setSaved(`Created role ${role.name}.`)
            roles.reload()
          }}
        />
      )}
      <ErrorMessage error={roles.error ?? types.error} />
      {roles.data && (
        <RoleTable
          roles={roles.data}
          onEdit={(role) => {
            setSaved(undefined)
            setEditing(role)
          }}
          onDelete={setDeleting}
        />
      )}
      {!roles.data && roles.loading && (
        <p class="muted" role="status">
          Loading roles…
        </p>
      )}
      {deleting && (
        <DeleteRoleDialog
          api={api}
          websiteId={websiteId}
          role={deleting}
          onClose={(deleted) => {
            if (deleted) setSaved(`Deleted role ${deleting.name}.`)
            setDeleting(undefined)
            if (deleted) roles.reload()
          }}
        />
      )}
    </div>
  )
}
