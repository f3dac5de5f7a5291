import type { BulkJob } from '@cms/contract'
import type { SelectedDocument } from './document-selection.ts'
import { documentsText } from './bulk-words.ts'

/** A finished job: how many done, unchanged and failed, and each failure's message. */
export function BulkOutcome({
  job,
  names,
  onDismiss,
}: {
  job: BulkJob
  /** The documents the job was sent for, to name the failed ones. */
  names: ReadonlyMap<string, SelectedDocument>
  onDismiss: () => void
}) {
  const failures = job.results.filter((result) => result.outcome === 'failed')
  const unchanged = job.results.filter((result) => result.outcome === 'unchanged').length
  return (
    <section
      class={`message ${failures.length > 0 ? 'message-error' : 'message-info'} bulk-outcome`}
      aria-label="Bulk outcome"
      role="status"
    >
      <p>
        {job.action}: {documentsText(job.succeeded)} done
        {unchanged > 0 && `, ${unchanged} unchanged`}
        {failures.length > 0 && `, ${failures.length} failed`}.
      </p>
      {failures.length > 0 && (
        <ul>
          {failures.map((failure) => (
            <li key={failure.id}>
              <strong>{names.get(failure.id)?.title ?? failure.id}</strong>:{' '}
              {failure.error?.message ?? `status ${failure.status}`}
              {failure.error?.details?.map((detail) => (
                <span key={`${detail.path}:${detail.message}`}>
                  {' '}
                  <code>{detail.path}</code> {detail.message}
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
      <button type="button" class="button button-small" onClick={onDismiss}>
        Dismiss
      </button>
    </section>
  )
}
