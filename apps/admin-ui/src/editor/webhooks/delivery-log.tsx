import { useState } from 'preact/hooks'
import type { DeliveryDetail } from '@cms/client'
import { ErrorMessage } from '../../ui/error-message.tsx'
import { formatDateTime } from '../../ui/format.ts'
import { TableRegion } from '../../ui/table-region.tsx'
import { useResource } from '../../ui/use-resource.ts'
import type { EditorSite } from '../editor-site.ts'

/** A webhook's recent deliveries; each shows its attempts on demand and can be sent again. */
export function DeliveryLog({
  site,
  webhookId,
  name,
  generation,
}: {
  site: EditorSite
  webhookId: string
  name: string
  generation: number
}) {
  const deliveries = useResource(
    () => site.client.webhooks.deliveries(webhookId, { limit: 20 }),
    [site, webhookId, generation],
  )
  const [detail, setDetail] = useState<DeliveryDetail>()
  const [error, setError] = useState<unknown>()
  const [notice, setNotice] = useState<string>()
  const act = async (work: () => Promise<unknown>) => {
    setError(undefined)
    try {
      await work()
    } catch (failure) {
      setError(failure)
    }
  }
  return (
    <div class="stack">
      <ErrorMessage error={deliveries.error ?? error} />
      <div class="actions">
        <button
          type="button"
          class="button button-small"
          aria-label={`Refresh the deliveries of ${name}`}
          onClick={deliveries.reload}
        >
          Refresh
        </button>
      </div>
      {notice && (
        <p class="message message-info" role="status">
          {notice}
        </p>
      )}
      {deliveries.data?.docs.length === 0 && <p class="muted">No deliveries yet.</p>}
      {deliveries.data && deliveries.data.docs.length > 0 && (
        <TableRegion label={`Deliveries of ${name}`}>
          <table>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last answer</th>
                <th scope="col">Created</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.docs.map((delivery) => (
                <tr key={delivery.id}>
                  <th scope="row">{delivery.event}</th>
                  <td>
                    <span class={`badge badge-${delivery.status}`}>{delivery.status}</span>
                  </td>
                  <td>{delivery.attempts}</td>
                  <td>{delivery.lastStatusCode ?? delivery.lastError ?? '—'}</td>
                  <td class="nowrap">{formatDateTime(delivery.createdAt)}</td>
                  <td class="actions">
                    <button
                      type="button"
                      class="button button-small"
                      aria-label={`Attempts of ${delivery.event} ${delivery.id}`}
                      onClick={() =>
                        act(async () =>
                          setDetail(await site.client.webhooks.delivery(webhookId, delivery.id)),
                        )
                      }
                    >
                      Attempts
                    </button>
                    <button
                      type="button"
                      class="button button-small"
                      aria-label={`Redeliver ${delivery.event} ${delivery.id}`}
                      onClick={() =>
                        act(async () => {
                          await site.client.webhooks.redeliver(webhookId, delivery.id)
                          setNotice(`${delivery.event} is being delivered again.`)
                          deliveries.reload()
                        })
                      }
                    >
                      Redeliver
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {detail && (
        <section class="card" aria-label={`Attempts of delivery ${detail.id}`}>
          <h4>
            Attempts of {detail.event} ({detail.status})
          </h4>
          <ol>
            {detail.attemptLog.map((attempt) => (
              <li key={attempt.attempt}>
                {formatDateTime(attempt.startedAt)} · {attempt.succeeded ? 'succeeded' : 'failed'} ·{' '}
                {attempt.statusCode ?? attempt.error ?? 'no answer'}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  )
}
