import { useEffect, useState } from 'preact/hooks'
import { CmsApiError } from '@cms/client'
import type { Release } from '@cms/client'
import type { ReleaseEntryInput } from '@cms/contract'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { ErrorMessage } from '../../ui/error-message.tsx'
import { useResource } from '../../ui/use-resource.ts'
import { documentsText } from '../bulk/bulk-words.ts'
import { editorHref } from '../editor-route.ts'
import type { EditorSite } from '../editor-site.ts'
import { EntryAdder } from './entry-adder.tsx'
import { entryProblems } from './entry-problems.ts'
import { useEntryTitles } from './entry-titles.ts'
import { entryInputs, isEditable, withDocuments } from './release-entries-change.ts'
import { ReleaseEntryTable } from './release-entry-table.tsx'
import { ReleaseSchedule } from './release-schedule.tsx'
import { ReleaseState } from './release-state.tsx'

/** While a release is being applied its page asks again this often. */
const PUBLISHING_POLL_MS = 1000

/**
 * `#/editor/releases/<id>`: its entries (add, remove), its schedule, and Publish now (asked
 * first, naming how many documents); a 422 shows each failing entry's problem at the entry.
 */
export function ReleaseView({ site, id }: { site: EditorSite; id: string }) {
  const loaded = useResource(() => site.client.releases.get(id), [site, id])
  const [changed, setChanged] = useState<Release>()
  const release = changed ?? loaded.data
  const titles = useEntryTitles(site, release)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const [asking, setAsking] = useState(false)

  useEffect(() => {
    if (release?.state !== 'publishing') return
    const timer = setTimeout(() => {
      setChanged(undefined)
      loaded.reload()
    }, PUBLISHING_POLL_MS)
    return () => clearTimeout(timer)
  }, [release])

  if (!release) {
    return (
      <div class="stack-large">
        <ErrorMessage error={loaded.error} />
        {loaded.loading && (
          <p class="muted" role="status">
            Loading the release…
          </p>
        )}
      </div>
    )
  }

  const run = async (work: () => Promise<Release>) => {
    setBusy(true)
    setError(undefined)
    try {
      setChanged(await work())
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }
  const replaceEntries = (entries: ReleaseEntryInput[]) =>
    run(() => site.client.releases.update(release.id, { entries }))
  const editable = isEditable(release)
  const problems = entryProblems(error)
  const count = release.entries.length
  return (
    <div class="stack-large">
      <p>
        <a href={editorHref({ view: 'releases' })}>All releases</a>
      </p>
      <div class="editor-heading">
        <h1>Release {release.name}</h1>
        <p class="release-state" role="status" aria-label="Release state">
          <ReleaseState release={release} />
        </p>
      </div>
      {release.error && (
        <div class="message message-error" role="alert">
          <p>The scheduled publish failed: {release.error.message}</p>
        </div>
      )}
      <PublishProblem error={error} rest={problems.rest} />
      <ReleaseEntryTable
        release={release}
        titles={titles.data}
        problems={problems}
        editable={editable && !busy}
        onRemove={(index) =>
          void replaceEntries(entryInputs(release).filter((_, other) => other !== index))
        }
      />
      {editable && (
        <>
          <div class="actions">
            <button
              type="button"
              class="button button-primary"
              disabled={busy || count === 0}
              onClick={() => setAsking(true)}
            >
              Publish now
            </button>
          </div>
          <ReleaseSchedule
            release={release}
            busy={busy}
            onSchedule={(at) => void run(() => site.client.releases.schedule(release.id, at))}
            onUnschedule={() => void run(() => site.client.releases.unschedule(release.id))}
          />
          <EntryAdder
            site={site}
            inRelease={new Set(release.entries.map((entry) => entry.documentId))}
            onAdd={(documentId, action) =>
              void replaceEntries(withDocuments(entryInputs(release), [documentId], action))
            }
          />
        </>
      )}
      {asking && (
        <ConfirmDialog
          title={`Publish ${documentsText(count)} now?`}
          confirmLabel="Publish release"
          busy={busy}
          onConfirm={() => {
            setAsking(false)
            void run(() => site.client.releases.publish(release.id))
          }}
          onCancel={() => setAsking(false)}
        >
          <p>
            The release's {documentsText(count)} change together: readers see none or all of them.
          </p>
        </ConfirmDialog>
      )}
    </div>
  )
}

/** A failed call; a 422's problems of entries are shown at the entries, the rest here. */
function PublishProblem({
  error,
  rest,
}: {
  error: unknown
  rest: { path: string; message: string }[]
}) {
  if (!(error instanceof CmsApiError && error.status === 422)) return <ErrorMessage error={error} />
  return (
    <div class="message message-error" role="alert">
      <p>{error.message}</p>
      {rest.length > 0 && (
        <ul>
          {rest.map((problem) => (
            <li key={`${problem.path}:${problem.message}`}>
              {problem.path && <code>{problem.path}</code>} {problem.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
