import { useResource } from '../../ui/use-resource.ts'
import type { EditorSite } from '../editor-site.ts'
import { countQuery } from './list-query.ts'
import type { ListSettings, StatusFilter } from './list-query.ts'

const CHOICES: { status: StatusFilter; label: string }[] = [
  { status: '', label: 'All' },
  { status: 'draft', label: 'Drafts' },
  { status: 'published', label: 'Published' },
]

/** How many documents of the current search each status holds; each count is a link to it. */
export function StatusCounts({
  site,
  settings,
  onStatus,
}: {
  site: EditorSite
  settings: ListSettings
  onStatus: (status: StatusFilter) => void
}) {
  const key = JSON.stringify({ ...settings, status: '', page: 1 })
  const counts = useResource(
    () =>
      Promise.all(
        CHOICES.map(
          async ({ status }) =>
            (await site.client.content.list(countQuery(site, settings, status))).totalDocs ?? 0,
        ),
      ),
    [site, key],
  )
  return (
    <ul class="status-counts" aria-label="Documents by status">
      {CHOICES.map(({ status, label }, index) => (
        <li key={label}>
          <button
            type="button"
            class="link-button"
            aria-pressed={settings.status === status}
            onClick={() => onStatus(status)}
          >
            {label} <span class="count">{counts.data?.[index] ?? '…'}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
