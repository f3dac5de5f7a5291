import { useEffect, useState } from 'preact/hooks'
import { RELEASE_ACTIONS } from '@cms/contract'
import type { ReleaseEntryInput } from '@cms/contract'
import type { CmsDocument } from '@cms/client'
import { ErrorMessage } from '../../ui/error-message.tsx'
import { titleOf } from '../editor-site.ts'
import type { EditorSite } from '../editor-site.ts'
import { listQuery, readSettings } from '../documents/list-query.ts'

const SEARCH_DELAY_MS = 250

/** Picks documents by title (drafts too) and adds each as a publish or unpublish entry. */
export function EntryAdder({
  site,
  inRelease,
  onAdd,
}: {
  site: EditorSite
  inRelease: ReadonlySet<string>
  onAdd: (documentId: string, action: ReleaseEntryInput['action']) => void
}) {
  const [text, setText] = useState('')
  const [action, setAction] = useState<ReleaseEntryInput['action']>('publish')
  const [found, setFound] = useState<CmsDocument[]>()
  const [error, setError] = useState<unknown>()
  useEffect(() => {
    let current = true
    const timer = setTimeout(() => {
      const settings = { ...readSettings(new URLSearchParams()), search: text }
      site.client.content.list({ ...listQuery(site, settings), limit: 10, withCount: false }).then(
        (page) => {
          if (!current) return
          setFound(page.docs)
          setError(undefined)
        },
        (failure: unknown) => current && setError(failure),
      )
    }, SEARCH_DELAY_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [site, text])
  return (
    <section class="stack entry-adder" aria-labelledby="entry-adder-title">
      <h2 id="entry-adder-title">Add documents</h2>
      <div class="inline-field">
        <label for="entry-adder-search">Find documents</label>
        <input
          id="entry-adder-search"
          type="search"
          value={text}
          placeholder="Title"
          onInput={(event) => setText(event.currentTarget.value)}
        />
        <label for="entry-adder-action">Add as</label>
        <select
          id="entry-adder-action"
          value={action}
          onChange={(event) => setAction(event.currentTarget.value as ReleaseEntryInput['action'])}
        >
          {RELEASE_ACTIONS.map((each) => (
            <option key={each} value={each}>
              {each}
            </option>
          ))}
        </select>
      </div>
      <ErrorMessage error={error} />
      <ul class="picker-results" aria-label="Documents found">
        {found?.length === 0 && <li class="hint">Nothing found.</li>}
        {found?.map((doc) => {
          const title = titleOf(site, doc)
          return (
            <li key={doc.id}>
              <button
                type="button"
                class="picker-option"
                disabled={inRelease.has(doc.id)}
                onClick={() => onAdd(doc.id, action)}
              >
                Add {title}{' '}
                <span class="muted">
                  ({doc.type}, {doc.status})
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
