import type { CmsDocument } from '@cms/client'
import { ErrorMessage } from '../../ui/error-message.tsx'
import { useResource } from '../../ui/use-resource.ts'
import { editorHref } from '../editor-route.ts'
import { typeNamed } from '../editor-site.ts'
import type { EditorSite } from '../editor-site.ts'
import { DocumentForm } from './document-form.tsx'

/** Loads the document as its editors see it (the pending draft, if any) in the asked locale. */
export function DocumentEditor({
  site,
  id,
  locale,
}: {
  site: EditorSite
  id: string
  locale: string | undefined
}) {
  const loaded = useResource(
    () => site.client.content.get(id, { draft: true, ...(locale ? { locale } : {}) }),
    [site, id, locale],
  )
  const doc: CmsDocument | undefined = loaded.data
  const type = doc ? typeNamed(site, doc.type) : undefined
  return (
    <div class="stack-large">
      <p>
        <a href={editorHref({ view: 'documents', query: new URLSearchParams() })}>
          ← All documents
        </a>
      </p>
      <ErrorMessage error={loaded.error} />
      {!doc && loaded.loading && (
        <p class="muted" role="status">
          Loading the document…
        </p>
      )}
      {doc && !type && <ErrorMessage error={`The type ${doc.type} is no longer defined.`} />}
      {doc && type && (
        <DocumentForm key={doc.id} site={site} type={type} initial={doc} locale={locale} />
      )}
    </div>
  )
}
