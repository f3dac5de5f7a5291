import { useState } from 'preact/hooks'
import type { DocumentData } from '@cms/client'
import { ErrorMessage } from '../../ui/error-message.tsx'
import { editorHref } from '../editor-route.ts'
import { defaultLocaleOf, typeNamed } from '../editor-site.ts'
import type { EditorSite } from '../editor-site.ts'
import { DocumentFields, placedProblems } from './document-fields.tsx'
import { NO_PROBLEMS, sortProblems } from './field-problems.ts'
import type { SortedProblems } from './field-problems.ts'

/**
 * A document that does not exist yet: "Create draft" sends `POST /api/content` once (in the
 * default locale); from then on the document's form autosaves.
 */
export function NewDocument({ site, typeName }: { site: EditorSite; typeName: string }) {
  const type = typeNamed(site, typeName)
  const [values, setValues] = useState<DocumentData>({})
  const [problems, setProblems] = useState<SortedProblems>(NO_PROBLEMS)
  const [error, setError] = useState<unknown>()
  const [busy, setBusy] = useState(false)
  if (!type) return <ErrorMessage error={`There is no content type named ${typeName}.`} />
  const placed = placedProblems(site, type, values, problems)
  const submit = async (event: Event) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      const data = Object.fromEntries(
        Object.entries(values).filter(([, value]) => value !== null && value !== undefined),
      )
      const locale = type.localized ? defaultLocaleOf(site) : undefined
      const created = await site.client.content.create(
        { type: type.name, data },
        locale ? { locale } : undefined,
      )
      location.hash = editorHref({ view: 'document', id: created.id })
    } catch (failure) {
      setProblems(sortProblems(failure))
      setError(failure)
      setBusy(false)
    }
  }
  return (
    <article class="document-form stack-large" aria-labelledby="new-document-title">
      <p>
        <a href={editorHref({ view: 'documents', query: new URLSearchParams() })}>
          ← All documents
        </a>
      </p>
      <h1 id="new-document-title">New {type.label}</h1>
      {error !== undefined && (
        <ErrorMessage
          error={
            Object.keys(problems.byPath).length > 0
              ? 'The document was not created: fix the marked fields.'
              : error
          }
        />
      )}
      {placed.other.length > 0 && <ErrorMessage error={placed.other.join(' ')} />}
      <form class="fields" aria-label={`${type.label} fields`} noValidate onSubmit={submit}>
        <DocumentFields
          site={site}
          type={type}
          values={values}
          placed={placed}
          onEdit={(name, value) => setValues((previous) => ({ ...previous, [name]: value }))}
        />
        <button type="submit" class="button button-primary" disabled={busy}>
          {busy ? 'Creating…' : 'Create draft'}
        </button>
      </form>
    </article>
  )
}
