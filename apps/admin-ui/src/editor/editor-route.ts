import { useEffect, useState } from 'preact/hooks'

/** What the editor shows; ids, type names and list settings only, never the key. */
export type EditorRoute =
  | { view: 'documents'; query: URLSearchParams }
  | { view: 'new'; type: string }
  | { view: 'document'; id: string; locale?: string }
  | { view: 'history'; id: string; locale?: string }
  | { view: 'types' }
  | { view: 'media' }
  | { view: 'webhooks' }
  /** `name` '' is a new type. */
  | { view: 'type'; name: string }

export const EDITOR_PREFIX = '#/editor'

export const isEditorHash = (hash: string): boolean =>
  hash === EDITOR_PREFIX ||
  hash.startsWith(`${EDITOR_PREFIX}/`) ||
  hash.startsWith(`${EDITOR_PREFIX}?`)

/**
 * `#/editor?type=article&status=draft&q=…&sort=…&page=2`, `#/editor/new/<type>`,
 * `#/editor/documents/<id>[/history][?locale=fr]`, `#/editor/types[/<name>]`, `#/editor/new-type`, `#/editor/media`, `#/editor/webhooks`.
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
  if (section === 'media') return { view: 'media' }
  if (section === 'webhooks') return { view: 'webhooks' }
  if (section === 'documents' && id) {
    return sub === 'history' ? { view: 'history', id, locale } : { view: 'document', id, locale }
  }
  return { view: 'documents', query }
}

export function editorHref(route: EditorRoute): string {
  switch (route.view) {
    case 'documents': {
      const search = route.query.toString()
      return search ? `${EDITOR_PREFIX}?${search}` : EDITOR_PREFIX
    }
    case 'types':
      return `${EDITOR_PREFIX}/types`
    case 'media':
      return `${EDITOR_PREFIX}/media`
    case 'webhooks':
      return `${EDITOR_PREFIX}/webhooks`
    case 'type':
      return route.name
        ? `${EDITOR_PREFIX}/types/${encodeURIComponent(route.name)}`
        : `${EDITOR_PREFIX}/new-type`
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
