import { useState } from 'preact/hooks'
import type { BulkJob } from '@cms/contract'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { ErrorMessage } from '../../ui/error-message.tsx'
import type { EditorSite } from '../editor-site.ts'
import { AddToRelease } from '../releases/add-to-release.tsx'
import { BulkOutcome } from './bulk-outcome.tsx'
import { LIST_ACTIONS, documentsText } from './bulk-words.ts'
import type { ListAction } from './bulk-words.ts'
import type { DocumentSelection, SelectedDocument } from './document-selection.ts'
import { runBulk } from './run-bulk.ts'

/**
 * The bar a selection brings: publish, unpublish or delete the chosen documents (asked first,
 * naming how many), or add them to a release; a job's progress, then its outcome.
 */
export function BulkBar({
  site,
  selection,
  onChanged,
}: {
  site: EditorSite
  selection: DocumentSelection
  /** The documents changed: the list reads its page again. */
  onChanged: () => void
}) {
  const [asking, setAsking] = useState<ListAction>()
  const [adding, setAdding] = useState(false)
  const [sending, setSending] = useState<{ chosen: ListAction; count: number }>()
  const [progress, setProgress] = useState<BulkJob>()
  const [outcome, setOutcome] = useState<{
    job: BulkJob
    names: ReadonlyMap<string, SelectedDocument>
  }>()
  const [error, setError] = useState<unknown>()
  const count = selection.chosen.size
  const running = sending !== undefined

  const run = async (chosen: ListAction) => {
    const names = selection.chosen
    setAsking(undefined)
    setSending({ chosen, count: names.size })
    setOutcome(undefined)
    setError(undefined)
    try {
      const job = await runBulk({
        client: site.client,
        action: chosen.action,
        ids: [...names.keys()],
        onProgress: setProgress,
      })
      setOutcome({ job, names })
      selection.clear()
    } catch (failure) {
      setError(failure)
    } finally {
      setProgress(undefined)
      setSending(undefined)
      onChanged()
    }
  }

  return (
    <>
      {count > 0 && (
        <section class="bulk-bar" aria-label="Selected documents">
          <p class="bulk-count">{documentsText(count)} selected</p>
          <div class="actions">
            {LIST_ACTIONS.map((each) => (
              <button
                key={each.action}
                type="button"
                class={`button${each.action === 'delete' ? ' button-danger' : ''}`}
                disabled={running}
                onClick={() => setAsking(each)}
              >
                {each.verb}
              </button>
            ))}
            <button type="button" class="button" onClick={() => setAdding(true)}>
              Add to release
            </button>
            <button type="button" class="button" onClick={selection.clear}>
              Clear selection
            </button>
          </div>
        </section>
      )}
      {sending && (
        <div class="bulk-progress" role="status">
          <label for="bulk-progress">
            {sending.chosen.doing} {progress?.done ?? 0} of {documentsText(sending.count)}…
          </label>
          <progress id="bulk-progress" max={sending.count} value={progress?.done ?? 0} />
        </div>
      )}
      <ErrorMessage error={error} />
      {outcome && (
        <BulkOutcome
          job={outcome.job}
          names={outcome.names}
          onDismiss={() => setOutcome(undefined)}
        />
      )}
      {asking && (
        <ConfirmDialog
          title={`${asking.verb} ${documentsText(count)}?`}
          confirmLabel={`${asking.verb} ${documentsText(count)}`}
          onConfirm={() => void run(asking)}
          onCancel={() => setAsking(undefined)}
        >
          <p>
            {asking.action === 'delete'
              ? `The ${documentsText(count)} and their whole history are removed; this cannot be undone.`
              : `Each of the ${documentsText(count)} is changed as its own ${asking.action} would change it.`}
          </p>
        </ConfirmDialog>
      )}
      {adding && (
        <AddToRelease
          site={site}
          documents={[...selection.chosen.values()]}
          onClose={() => setAdding(false)}
        />
      )}
    </>
  )
}
