import { useState } from 'preact/hooks'
import type { DocumentVersion } from '@cms/client'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { ErrorMessage } from '../../ui/error-message.tsx'
import { formatDateTime } from '../../ui/format.ts'
import { useResource } from '../../ui/use-resource.ts'
import { editorHref } from '../editor-route.ts'
import { titleOf, typeNamed } from '../editor-site.ts'
import type { EditorSite } from '../editor-site.ts'
import { isStatus } from '../form/field-problems.ts'
import { VersionDiff } from './version-diff.tsx'

const VERSIONS_SHOWN = 50

/** The document's versions, newest first; one chosen is compared with the current state. */
export function VersionHistory({
  site,
  id,
  locale,
}: {
  site: EditorSite
  id: string
  locale: string | undefined
}) {
  const loaded = useResource(async () => {
    const [doc, versions] = await Promise.all([
      site.client.content.get(id, { draft: true, ...(locale ? { locale } : {}) }),
      site.client.content.versions(id, { limit: VERSIONS_SHOWN }),
    ])
    return { doc, versions: versions.docs }
  }, [site, id])
  const [chosen, setChosen] = useState<number>()
  /** 'draft' when the API refused (409) because a pending draft would be dropped. */
  const [confirming, setConfirming] = useState<'ask' | 'draft'>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const [restored, setRestored] = useState<number>()
  const data = loaded.data
  const doc = data?.doc
  const selected: DocumentVersion | undefined =
    data?.versions.find((version) => version.version === chosen) ?? data?.versions[1]
  const restore = async () => {
    if (!doc || !selected) return
    setBusy(true)
    setError(undefined)
    try {
      await site.client.content.restore(doc.id, selected.version, {
        ifMatch: doc.version,
        discardDraft: confirming === 'draft',
      })
      setRestored(selected.version)
      setConfirming(undefined)
      loaded.reload()
    } catch (failure) {
      if (isStatus(failure, 409) && doc.hasPendingDraft && confirming === 'ask') {
        setConfirming('draft')
      } else {
        setError(failure)
        setConfirming(undefined)
      }
    } finally {
      setBusy(false)
    }
  }
  const type = doc ? typeNamed(site, doc.type) : undefined
  return (
    <div class="stack-large">
      <p>
        <a href={editorHref({ view: 'document', id, locale })}>← Back to the document</a>
      </p>
      <h1>History{doc ? ` of “${titleOf(site, doc)}”` : ''}</h1>
      <ErrorMessage error={loaded.error} />
      <ErrorMessage error={error} />
      {restored !== undefined && (
        <p class="message message-info" role="status">
          Version {restored} was restored as a new version.
        </p>
      )}
      {data && doc && type && (
        <div class="history">
          <nav class="version-list" aria-label="Versions">
            <ol>
              {data.versions.map((version) => (
                <li key={version.id}>
                  <button
                    type="button"
                    class="version-button"
                    aria-pressed={selected?.version === version.version}
                    onClick={() => setChosen(version.version)}
                  >
                    <strong>Version {version.version}</strong> · {version.reason}
                    <span class="muted"> {formatDateTime(version.createdAt)}</span>
                  </button>
                </li>
              ))}
            </ol>
          </nav>
          {selected && (
            <section class="diff-pane" aria-labelledby="diff-title">
              <div class="editor-heading">
                <h2 id="diff-title">
                  Version {selected.version} compared with the current document
                </h2>
                <button
                  type="button"
                  class="button button-primary"
                  disabled={busy}
                  onClick={() => setConfirming('ask')}
                >
                  Restore version {selected.version}
                </button>
              </div>
              <VersionDiff
                site={site}
                type={type}
                version={selected}
                current={doc}
                locale={locale}
              />
            </section>
          )}
        </div>
      )}
      {confirming && selected && (
        <ConfirmDialog
          title={`Restore version ${selected.version}?`}
          confirmLabel={confirming === 'draft' ? 'Restore anyway' : 'Restore'}
          busy={busy}
          onConfirm={restore}
          onCancel={() => setConfirming(undefined)}
        >
          {confirming === 'draft' ? (
            <p role="alert">
              The document has unpublished changes (a pending draft). Restoring drops them: the
              version becomes the published document at once. The changes stay in the history.
            </p>
          ) : (
            <p>
              Its content and slug become the document's again, as a new version; the status stays{' '}
              {doc?.status}. Nothing is lost: the current state stays in the history.
            </p>
          )}
        </ConfirmDialog>
      )}
    </div>
  )
}
