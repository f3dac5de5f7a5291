import type { ApiKey } from '../api/admin-resources.ts'
import { formatDateTime, formatPlan } from '../ui/format.ts'
import { TableRegion } from '../ui/table-region.tsx'

export function KeyTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  if (keys.length === 0) return <p class="muted">This website has no API keys yet.</p>
  return (
    <TableRegion label="API keys">
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Prefix</th>
            <th scope="col">Scope</th>
            <th scope="col">Plan</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} class={key.revokedAt ? 'revoked' : undefined}>
              <th scope="row">{key.name}</th>
              <td class="nowrap">
                <code>{key.prefix}…</code>
              </td>
              <td class="nowrap">
                <span class={`badge badge-${key.scope}`}>{key.scope}</span>
              </td>
              <td class="nowrap">{formatPlan(key.rateLimit)}</td>
              <td class="nowrap">{formatDateTime(key.createdAt)}</td>
              <td class="nowrap">{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'never'}</td>
              <td>
                {key.revokedAt ? (
                  <span>Revoked {formatDateTime(key.revokedAt)}</span>
                ) : (
                  <button
                    type="button"
                    class="button button-small button-danger"
                    aria-label={`Revoke ${key.name} (${key.prefix}…)`}
                    onClick={() => onRevoke(key)}
                  >
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  )
}
