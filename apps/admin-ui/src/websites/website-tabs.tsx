import { routeHref } from '../app/hash-route.ts'
import type { WebsiteTab } from '../app/hash-route.ts'

const LABELS: Record<WebsiteTab, string> = {
  keys: 'API keys',
  roles: 'Roles',
  'content-types': 'Content types',
  documents: 'Documents',
  media: 'Media',
  webhooks: 'Webhooks',
  quotas: 'Quotas',
  activity: 'Activity',
}

/** Plain links (one URL per view, so back and reload work), marked with aria-current. */
export function WebsiteTabs({ websiteId, current }: { websiteId: string; current: WebsiteTab }) {
  return (
    <nav class="tabs" aria-label="Website sections">
      <ul>
        {(Object.keys(LABELS) as WebsiteTab[]).map((tab) => (
          <li key={tab}>
            <a
              id={`tab-${tab}`}
              href={routeHref({ websiteId, tab })}
              aria-current={tab === current ? 'page' : undefined}
            >
              {LABELS[tab]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
