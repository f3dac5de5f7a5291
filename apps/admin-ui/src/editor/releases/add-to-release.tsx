import { useEffect, useRef, useState } from 'preact/hooks'
import type { Release } from '@cms/client'
import { ErrorMessage } from '../../ui/error-message.tsx'
import { useAttempt } from '../../ui/use-attempt.ts'
import { useResource } from '../../ui/use-resource.ts'
import type { SelectedDocument } from '../bulk/document-selection.ts'
import { documentsText } from '../bulk/bulk-words.ts'
import { editorHref } from '../editor-route.ts'
import type { EditorSite } from '../editor-site.ts'
import { entryInputs, isEditable, withDocuments } from './release-entries-change.ts'

const NEW_RELEASE = ''

/**
 * "Add to release" of the list's selection: each document becomes a publish entry of a release
 * that can still change, or of a new one; then the release's page opens.
 */
export function AddToRelease({
  site,
  documents,
  onClose,
}: {
  site: EditorSite
  documents: SelectedDocument[]
  onClose: () => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const releases = useResource(
    async () => (await site.client.releases.list({ limit: 100 })).docs.filter(isEditable),
    [site],
  )
  const [chosen, setChosen] = useState(NEW_RELEASE)
  const [name, setName] = useState('')
  const ids = documents.map((document) => document.id)
  const attempt = useAttempt(async () => {
    const saved: Release =
      chosen === NEW_RELEASE
        ? await site.client.releases.create({
            name: name.trim(),
            entries: withDocuments([], ids, 'publish'),
          })
        : await addTo(chosen)
    onClose()
    location.hash = editorHref({ view: 'release', id: saved.id })
  })
  const addTo = async (id: string) => {
    const release = await site.client.releases.get(id)
    return site.client.releases.update(id, {
      entries: withDocuments(entryInputs(release), ids, 'publish'),
    })
  }
  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
    return () => element?.close()
  }, [])
  return (
    <dialog
      ref={dialog}
      class="dialog"
      aria-labelledby="add-to-release-title"
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <h2 id="add-to-release-title">Add {documentsText(documents.length)} to a release</h2>
      <form
        class="dialog-body stack"
        onSubmit={(event) => {
          event.preventDefault()
          void attempt.run()
        }}
      >
        <p>Each is published with the release.</p>
        <label for="add-to-release-choice">Release</label>
        <select
          id="add-to-release-choice"
          value={chosen}
          onChange={(event) => setChosen(event.currentTarget.value)}
        >
          <option value={NEW_RELEASE}>A new release</option>
          {releases.data?.map((release) => (
            <option key={release.id} value={release.id}>
              {release.name} ({release.state})
            </option>
          ))}
        </select>
        {chosen === NEW_RELEASE && (
          <>
            <label for="add-to-release-name">Name of the new release</label>
            <input
              id="add-to-release-name"
              required
              maxLength={200}
              value={name}
              onInput={(event) => setName(event.currentTarget.value)}
            />
          </>
        )}
        <ErrorMessage error={releases.error ?? attempt.error} />
        <div class="actions">
          <button type="button" class="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" class="button button-primary" disabled={attempt.busy}>
            {attempt.busy ? 'Working…' : 'Add to release'}
          </button>
        </div>
      </form>
    </dialog>
  )
}
