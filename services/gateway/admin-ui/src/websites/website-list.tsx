import type { AdminApi } from '../api/admin-api.ts'
import type { Website } from '../api/admin-resources.ts'
import { routeHref } from '../app/hash-route.ts'
import { CreateWebsiteForm } from './create-website-form.tsx'

export interface WebsiteListProps {
  api: AdminApi
  websites: Website[]
  loading: boolean
  selectedId: string | undefined
  onCreated: (website: Website) => void
}

export function WebsiteList(props: WebsiteListProps) {
  return (
    <nav class="sidebar" aria-labelledby="websites-heading">
      <h2 id="websites-heading">Websites</h2>
      <CreateWebsiteForm api={props.api} onCreated={props.onCreated} />
      {props.loading && props.websites.length === 0 ? (
        <p class="muted" role="status">
          Loading…
        </p>
      ) : props.websites.length === 0 ? (
        <p class="muted">No websites yet.</p>
      ) : (
        <ul class="website-links">
          {props.websites.map((website) => (
            <li key={website.id}>
              <a
                href={routeHref({ websiteId: website.id, tab: 'keys' })}
                aria-current={website.id === props.selectedId ? 'page' : undefined}
              >
                {website.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </nav>
  )
}
