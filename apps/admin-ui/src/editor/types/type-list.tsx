import { editorHref } from '../editor-route.ts'
import type { EditorSite } from '../editor-site.ts'

/** The website's content types, each a link to its builder. */
export function TypeList({ site }: { site: EditorSite }) {
  return (
    <div class="stack-large">
      <div class="editor-heading">
        <h1>Content types</h1>
        <div class="actions">
          <a class="button" href={editorHref({ view: 'components' })}>
            Components
          </a>
          <a class="button button-primary" href={editorHref({ view: 'type', name: '' })}>
            New content type
          </a>
        </div>
      </div>
      {site.types.length === 0 ? (
        <p class="muted">This website has no content types yet.</p>
      ) : (
        <ul class="type-list">
          {site.types.map((type) => (
            <li key={type.name}>
              <a href={editorHref({ view: 'type', name: type.name })}>{type.label}</a>{' '}
              <code>{type.name}</code>
              <span class="muted">
                {' '}
                · {type.fields.length} {type.fields.length === 1 ? 'field' : 'fields'}
                {type.localized ? ' · localized' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
