import { editorHref } from '../editor-route.ts'
import type { EditorSite } from '../editor-site.ts'

/** The website's components (named groups of fields types use), each a link to its builder. */
export function ComponentList({ site }: { site: EditorSite }) {
  return (
    <div class="stack-large">
      <p>
        <a href={editorHref({ view: 'types' })}>← Content types</a>
      </p>
      <div class="editor-heading">
        <h1>Components</h1>
        <a class="button button-primary" href={editorHref({ view: 'component', name: '' })}>
          New component
        </a>
      </div>
      <p class="muted">
        A component is a group of fields that a type's component field holds (once or as a list) and
        that a blocks field offers as one kind of block.
      </p>
      {site.components.length === 0 ? (
        <p class="muted">This website has no components yet.</p>
      ) : (
        <ul class="type-list">
          {site.components.map((component) => (
            <li key={component.name}>
              <a href={editorHref({ view: 'component', name: component.name })}>
                {component.label}
              </a>{' '}
              <code>{component.name}</code>
              <span class="muted">
                {' '}
                · {component.fields.length} {component.fields.length === 1 ? 'field' : 'fields'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
