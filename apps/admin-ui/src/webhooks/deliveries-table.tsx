import type { CmsAdminClient } from '@cms/client'
import type { Delivery } from '../api/admin-resources.ts'
import { ErrorMessage } from '../ui/error-message.tsx'
import { formatDateTime } from '../ui/format.ts'
import { TableRegion } from '../ui/table-region.tsx'
import { useResource } from '../ui/use-resource.ts'

/** The panel shows the latest few; the API's log has them all. */
const RECENT_DELIVERIES = 10

export interface DeliveriesTableProps {
  api: CmsAdminClient
  websiteId: string
  webhookId: string
}

const lastOutcome = (delivery: Delivery): string =>
  [
    delivery.lastStatusCode === null ? undefined : `HTTP ${delivery.lastStatusCode}`,
    delivery.lastError ?? undefined,
  ]
    .filter(Boolean)
    .join(' · ') || '—'

export function DeliveriesTable({ api, websiteId, webhookId }: DeliveriesTableProps) {
  const deliveries = useResource(
    () => api.websites.deliveries(websiteId, webhookId, { limit: RECENT_DELIVERIES }),
    [api, websiteId, webhookId],
  )
  const data = deliveries.data
  return (
    <div class="stack">
      <div class="actions">
        <button
          type="button"
          class="button button-small"
          onClick={deliveries.reload}
          disabled={deliveries.loading}
        >
          Refresh
        </button>
      </div>
      <ErrorMessage error={deliveries.error} />
      {!data && deliveries.loading && (
        <p class="muted" role="status">
          Loading deliveries…
        </p>
      )}
      {data?.docs.length === 0 && <p class="muted">No deliveries yet.</p>}
      {data && data.docs.length > 0 && (
        <TableRegion label="Recent deliveries">
          <table>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last response</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {data.docs.map((delivery) => (
                <tr key={delivery.id}>
                  <th scope="row">{delivery.event}</th>
                  <td>
                    <span class={`badge badge-${delivery.status}`}>{delivery.status}</span>
                  </td>
                  <td>{delivery.attempts}</td>
                  <td>{lastOutcome(delivery)}</td>
                  <td class="nowrap">{formatDateTime(delivery.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </div>
  )
}
