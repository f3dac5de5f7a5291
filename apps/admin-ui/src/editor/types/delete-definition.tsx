import { useState } from 'preact/hooks'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { ErrorMessage } from '../../ui/error-message.tsx'
import { editorHref } from '../editor-route.ts'
import type { EditorSite } from '../editor-site.ts'
import { isStatus } from '../form/field-problems.ts'

/** What deleting each kind of definition calls, lists afterwards and says it is refused for. */
const KINDS = {
  type: {
    noun: 'content type',
    list: 'types',
    refusedWhile: 'documents of the type exist or relation fields of other types target it',
    remove: (site: EditorSite, name: string) => site.client.contentTypes.delete(name),
  },
  component: {
    noun: 'component',
    list: 'components',
    refusedWhile: 'a field of a type or of another component uses it (directly or in blocks)',
    remove: (site: EditorSite, name: string) => site.client.components.delete(name),
  },
} as const

/**
 * Deletes a content type or a component after asking. The API refuses (409) while it is in use:
 * documents of the type, relation fields targeting it, fields using the component; its message
 * says which, and for a type's documents a link lists them. There is no force.
 */
export function DeleteDefinition({
  site,
  kind,
  definition,
}: {
  site: EditorSite
  kind: keyof typeof KINDS
  definition: { name: string; label: string }
}) {
  const { noun, list, refusedWhile, remove: removeIt } = KINDS[kind]
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const remove = async () => {
    setBusy(true)
    setError(undefined)
    try {
      await removeIt(site, definition.name)
      location.hash = editorHref({ view: list })
      site.reload()
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
      setAsking(false)
    }
  }
  const documentsHref = editorHref({
    view: 'documents',
    query: new URLSearchParams({ type: definition.name }),
  })
  return (
    <section class="stack" aria-labelledby="delete-definition-title">
      <h2 id="delete-definition-title">Delete this {kind}</h2>
      {error !== undefined && isStatus(error, 409) ? (
        <div class="message message-error" role="alert">
          <p>
            <strong>{definition.label} was not deleted.</strong>{' '}
            {error instanceof Error ? error.message : ''}
          </p>
          {kind === 'type' && (
            <p>
              <a href={documentsHref}>Show the documents of {definition.label}</a>
            </p>
          )}
        </div>
      ) : (
        <ErrorMessage error={error} />
      )}
      <div class="actions">
        <button type="button" class="button button-danger" onClick={() => setAsking(true)}>
          Delete {noun}
        </button>
      </div>
      {asking && (
        <ConfirmDialog
          title={`Delete the ${noun} ${definition.label}?`}
          confirmLabel="Delete"
          busy={busy}
          onConfirm={remove}
          onCancel={() => setAsking(false)}
        >
          <p>
            The {noun} <code>{definition.name}</code> and its fields are removed. The API refuses
            while {refusedWhile}.
          </p>
        </ConfirmDialog>
      )}
    </section>
  )
}
