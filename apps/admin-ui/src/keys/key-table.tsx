import type { ApiKey } from '../api/admin-resources.ts'
import { formatDateTime, formatPlan } from '../ui/format.ts'
import { TableRegion } from '../ui/table-region.tsx'
import { isLive, keyStatus } from './key-status.ts'

export interface KeyTableProps {
  keys: ApiKey[]
  onRotate: (key: ApiKey) => void
  onRevoke: (key: ApiKey) => void
}

export function KeyTable({ keys, onRotate, onRevoke }: KeyTableProps) {
  if (keys.length === 0) return <p class="muted">This website has no API keys yet.</p>
  const now = new Date()
  return (
    <TableRegion label="API keys">
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Plan</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => {
            const live = isLive(key, now)
            const named = `${key.name} (${key.prefix}…)`
            return (
              <tr key={key.id} class={live ? undefined : 'revoked'}>
                <th scope="row">
                  {key.name}
                  <p class="hint nowrap">
                    <code>{key.prefix}…</code>
                  </p>
                </th>
                <td>
                  <span class={`badge badge-${key.role}`}>{key.role}</span>
                  {key.types && <p class="hint">only {key.types.join(', ')}</p>}
                </td>
                <td>{formatPlan(key.rateLimit)}</td>
                <td class="nowrap">{formatDateTime(key.createdAt)}</td>
                <td class="nowrap">{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'never'}</td>
                <td>{keyStatus(key, now)}</td>
                <td>
                  {live && (
                    <div class="row-actions">
                      <button
                        type="button"
                        class="button button-small"
                        aria-label={`Rotate ${named}`}
                        onClick={() => onRotate(key)}
                      >
                        Rotate
                      </button>
                      <button
                        type="button"
                        class="button button-small button-danger"
                        aria-label={`Revoke ${named}`}
                        onClick={() => onRevoke(key)}
                      >
                        Revoke
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
