import type { CmsDocument } from '@cms/client'
import { editorHref } from '../editor-route.ts'
import { defaultLocaleOf } from '../editor-site.ts'
import type { EditorSite } from '../editor-site.ts'

/** Switches the form to another locale (`?locale=`), saving pending edits first. */
export function LocaleSwitcher({
  site,
  doc,
  locale,
  flush,
}: {
  site: EditorSite
  doc: CmsDocument
  locale: string | undefined
  flush: () => Promise<boolean>
}) {
  if (site.locales.length < 2) return null
  const shown = locale ?? doc.locale ?? defaultLocaleOf(site) ?? ''
  return (
    <div class="inline-field">
      <label for="document-locale">Locale</label>
      <select
        id="document-locale"
        value={shown}
        onChange={async (event) => {
          const next = event.currentTarget.value
          await flush()
          location.hash = editorHref({ view: 'document', id: doc.id, locale: next })
        }}
      >
        {site.locales.map((each) => (
          <option key={each.code} value={each.code}>
            {each.code}
            {each.default ? ' (default)' : ''}
            {doc.localesPresent && !doc.localesPresent.includes(each.code) ? ' — empty' : ''}
          </option>
        ))}
      </select>
    </div>
  )
}
