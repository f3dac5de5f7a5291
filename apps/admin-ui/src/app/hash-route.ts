import { useEffect, useState } from 'preact/hooks'
import { hashHref } from '../ui/hash-href.ts'

export const WEBSITE_TABS = [
  'keys',
  'roles',
  'content-types',
  'documents',
  'media',
  'webhooks',
  'quotas',
  'activity',
] as const
export type WebsiteTab = (typeof WEBSITE_TABS)[number]

export interface Route {
  websiteId?: string
  tab: WebsiteTab
  /** A tab's own settings (the activity's filters). */
  query?: URLSearchParams
}

/**
 * `#/websites/<id>/<tab>[?<settings>]`: only ids, tab names and filters, never anything secret,
 * go in the URL.
 */
export function parseRoute(hash: string): Route {
  const [path = '', search = ''] = hash.replace(/^#/, '').split('?', 2)
  const [, section, websiteId, tab] = path.split('/')
  if (section !== 'websites' || !websiteId) return { tab: 'keys' }
  const known = WEBSITE_TABS.find((name) => name === tab)
  return {
    websiteId: decodeURIComponent(websiteId),
    tab: known ?? 'keys',
    query: new URLSearchParams(search),
  }
}

export function routeHref(route: Route): string {
  if (!route.websiteId) return '#/'
  return hashHref(`#/websites/${encodeURIComponent(route.websiteId)}/${route.tab}`, route.query)
}

export function useHashRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash))
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(location.hash))
    addEventListener('hashchange', onChange)
    return () => removeEventListener('hashchange', onChange)
  }, [])
  return route
}
