import { useState } from 'preact/hooks'
import type { CmsAdminClient } from '@cms/client'
import type { Website } from '../api/admin-resources.ts'
import { routeHref } from '../app/hash-route.ts'
import { CreateWebsiteForm } from './create-website-form.tsx'

export interface WebsiteListProps {
  api: CmsAdminClient
  websites: Website[]
  loading: boolean
  selectedId: string | undefined
  onCreated: (website: Website) => void
}

/** Past this many websites, a filter field helps an operator find one. */
const FILTER_FROM = 10

export function WebsiteList(props: WebsiteListProps) {
  const [query, setQuery] = useState('')
  const needle = query.trim().toLowerCase()
  const shown = needle
    ? props.websites.filter(
        (website) => website.name.toLowerCase().includes(needle) || website.id === needle,
      )
    : props.websites
  return (
    <nav class="sidebar" aria-labelledby="websites-heading">
      <h2 id="websites-heading">Websites</h2>
      <CreateWebsiteForm api={props.api} onCreated={props.onCreated} />
      {props.websites.length > FILTER_FROM && (
        <div class="website-filter">
          <label for="website-filter">Filter websites</label>
          <input
            id="website-filter"
            type="search"
            value={query}
            onInput={(event) => setQuery(event.currentTarget.value)}
          />
        </div>
      )}
      {props.loading && props.websites.length === 0 ? (
        <p class="muted" role="status">
          Loading…
        </p>
      ) : props.websites.length === 0 ? (
        <p class="muted">No websites yet.</p>
      ) : (
        <ul class="website-links">
          {shown.map((website) => (
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
