import { useEffect, useState } from 'preact/hooks'
import { hashHref } from '../ui/hash-href.ts'

/** What the editor shows; ids, type names and list settings only, never the key. */
export type EditorRoute =
  | { view: 'documents'; query: URLSearchParams }
  | { view: 'new'; type: string }
  | { view: 'document'; id: string; locale?: string }
  | { view: 'history'; id: string; locale?: string }
  | { view: 'types' }
  | { view: 'media' }
  | { view: 'webhooks' }
  | { view: 'releases' }
  | { view: 'release'; id: string }
  /** The website's audit log, its filters in `query`. */
  | { view: 'activity'; query: URLSearchParams }
  /** One document's entries in the log. */
  | { view: 'document-activity'; id: string; query: URLSearchParams }
  /** `name` '' is a new type. */
  | { view: 'type'; name: string }
  | { view: 'components' }
  /** `name` '' is a new component. */
  | { view: 'component'; name: string }

export const EDITOR_PREFIX = '#/editor'

export const isEditorHash = (hash: string): boolean =>
  hash === EDITOR_PREFIX ||
  hash.startsWith(`${EDITOR_PREFIX}/`) ||
  hash.startsWith(`${EDITOR_PREFIX}?`)

/**
 * `#/editor?type=article&status=draft&q=…&sort=…&page=2`, `#/editor/new/<type>`,
 * `#/editor/documents/<id>[/history][?locale=fr]`, `#/editor/types[/<name>]`, `#/editor/new-type`,
 * `#/editor/components[/<name>]`, `#/editor/new-component`, `#/editor/media`, `#/editor/webhooks`,
 * `#/editor/releases[/<id>]`,
 * `#/editor/activity?actor=…&action=…&from=…&to=…&page=2` and `#/editor/documents/<id>/activity?…`.
 */
export function parseEditorRoute(hash: string): EditorRoute {
  const rest = hash.slice(EDITOR_PREFIX.length)
  const [path = '', search = ''] = rest.split('?', 2)
  const query = new URLSearchParams(search)
  const [, section, id, sub] = path.split('/').map((part) => decodeURIComponent(part))
  const locale = query.get('locale') || undefined
  if (section === 'new' && id) return { view: 'new', type: id }
  if (section === 'types') return id ? { view: 'type', name: id } : { view: 'types' }
  if (section === 'new-type') return { view: 'type', name: '' }
  if (section === 'components') return id ? { view: 'component', name: id } : { view: 'components' }
  if (section === 'new-component') return { view: 'component', name: '' }
  if (section === 'media') return { view: 'media' }
  if (section === 'webhooks') return { view: 'webhooks' }
  if (section === 'releases') return id ? { view: 'release', id } : { view: 'releases' }
  if (section === 'activity') return { view: 'activity', query }
  if (section === 'documents' && id) {
    if (sub === 'activity') return { view: 'document-activity', id, query }
    return sub === 'history' ? { view: 'history', id, locale } : { view: 'document', id, locale }
  }
  return { view: 'documents', query }
}

export function editorHref(route: EditorRoute): string {
  switch (route.view) {
    case 'documents':
      return hashHref(EDITOR_PREFIX, route.query)
    case 'types':
      return `${EDITOR_PREFIX}/types`
    case 'media':
      return `${EDITOR_PREFIX}/media`
    case 'webhooks':
      return `${EDITOR_PREFIX}/webhooks`
    case 'releases':
      return `${EDITOR_PREFIX}/releases`
    case 'release':
      return `${EDITOR_PREFIX}/releases/${encodeURIComponent(route.id)}`
    case 'activity':
      return hashHref(`${EDITOR_PREFIX}/activity`, route.query)
    case 'document-activity':
      return hashHref(
        `${EDITOR_PREFIX}/documents/${encodeURIComponent(route.id)}/activity`,
        route.query,
      )
    case 'type':
      return route.name
        ? `${EDITOR_PREFIX}/types/${encodeURIComponent(route.name)}`
        : `${EDITOR_PREFIX}/new-type`
    case 'components':
      return `${EDITOR_PREFIX}/components`
    case 'component':
      return route.name
        ? `${EDITOR_PREFIX}/components/${encodeURIComponent(route.name)}`
        : `${EDITOR_PREFIX}/new-component`
    case 'new':
      return `${EDITOR_PREFIX}/new/${encodeURIComponent(route.type)}`
    case 'document':
    case 'history': {
      const suffix = route.view === 'history' ? '/history' : ''
      const locale = route.locale ? `?locale=${encodeURIComponent(route.locale)}` : ''
      return `${EDITOR_PREFIX}/documents/${encodeURIComponent(route.id)}${suffix}${locale}`
    }
  }
}

export function useEditorRoute(): EditorRoute {
  const [route, setRoute] = useState(() => parseEditorRoute(location.hash))
  useEffect(() => {
    const onChange = () => setRoute(parseEditorRoute(location.hash))
    addEventListener('hashchange', onChange)
    return () => removeEventListener('hashchange', onChange)
  }, [])
  return route
}

/** Whether the page's hash is the editor's; follows the hash as it changes. */
export function useIsEditor(): boolean {
  const [editor, setEditor] = useState(() => isEditorHash(location.hash))
  useEffect(() => {
    const onChange = () => setEditor(isEditorHash(location.hash))
    addEventListener('hashchange', onChange)
    return () => removeEventListener('hashchange', onChange)
  }, [])
  return editor
}
