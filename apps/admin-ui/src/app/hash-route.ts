import { useEffect, useState } from 'preact/hooks'

export const WEBSITE_TABS = [
  'keys',
  'roles',
  'content-types',
  'documents',
  'media',
  'webhooks',
  'quotas',
] as const
export type WebsiteTab = (typeof WEBSITE_TABS)[number]

export interface Route {
  websiteId?: string
  tab: WebsiteTab
}

/** `#/websites/<id>/<tab>`: only ids and tab names, never anything secret, go in the URL. */
export function parseRoute(hash: string): Route {
  const [, section, websiteId, tab] = hash.replace(/^#/, '').split('/')
  if (section !== 'websites' || !websiteId) return { tab: 'keys' }
  const known = WEBSITE_TABS.find((name) => name === tab)
  return { websiteId: decodeURIComponent(websiteId), tab: known ?? 'keys' }
}

export function routeHref(route: Route): string {
  if (!route.websiteId) return '#/'
  return `#/websites/${encodeURIComponent(route.websiteId)}/${route.tab}`
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
