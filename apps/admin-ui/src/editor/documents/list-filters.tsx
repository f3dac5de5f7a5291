import { useState } from 'preact/hooks'
import type { EditorSite } from '../editor-site.ts'
import { SORTS } from './list-query.ts'
import type { ListSettings, StatusFilter } from './list-query.ts'

/** Type, status, title search and sort; the search applies on submit, the selects at once. */
export function ListFilters({
  site,
  settings,
  onChange,
}: {
  site: EditorSite
  settings: ListSettings
  onChange: (next: Partial<ListSettings>) => void
}) {
  const [search, setSearch] = useState(settings.search)
  return (
    <form
      class="list-filters"
      role="search"
      aria-label="Filter documents"
      onSubmit={(event) => {
        event.preventDefault()
        onChange({ search: search.trim() })
      }}
    >
      <div>
        <label for="filter-search">Search titles</label>
        <input
          id="filter-search"
          type="search"
          value={search}
          onInput={(event) => setSearch(event.currentTarget.value)}
        />
      </div>
      <div>
        <label for="filter-type">Type</label>
        <select
          id="filter-type"
          value={settings.type}
          onChange={(event) => onChange({ type: event.currentTarget.value })}
        >
          <option value="">All types</option>
          {site.types.map((type) => (
            <option key={type.name} value={type.name}>
              {type.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label for="filter-status">Status</label>
        <select
          id="filter-status"
          value={settings.status}
          onChange={(event) => onChange({ status: event.currentTarget.value as StatusFilter })}
        >
          <option value="">Any status</option>
          <option value="draft">Draft</option>
          <option value="published">Published</option>
        </select>
      </div>
      <div>
        <label for="filter-sort">Sort</label>
        <select
          id="filter-sort"
          value={settings.sort}
          onChange={(event) => onChange({ sort: event.currentTarget.value, page: settings.page })}
        >
          {SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" class="button">
        Search
      </button>
    </form>
  )
}
