import { useState } from 'preact/hooks'
import type { AuditFilters } from './audit-filters.ts'
import { KNOWN_ACTIONS } from './audit-words.ts'

const BLANK: AuditFilters = { actor: '', action: '', from: '', to: '', page: 1 }

/** Actor, action and time range (UTC), applied together on submit; Clear drops them all. */
export function AuditFilterForm({
  filters,
  onApply,
}: {
  filters: AuditFilters
  onApply: (next: AuditFilters) => void
}) {
  const [draft, setDraft] = useState(filters)
  const field = (name: 'actor' | 'action' | 'from' | 'to') => ({
    id: `audit-${name}`,
    value: draft[name],
    onInput: (event: { currentTarget: HTMLInputElement }) =>
      setDraft({ ...draft, [name]: event.currentTarget.value }),
  })
  return (
    <form
      class="audit-filters"
      role="search"
      aria-label="Filter activity"
      onSubmit={(event) => {
        event.preventDefault()
        onApply({ ...draft, actor: draft.actor.trim(), action: draft.action.trim(), page: 1 })
      }}
    >
      <div>
        <label for="audit-actor">Actor id</label>
        <input type="search" {...field('actor')} />
      </div>
      <div>
        <label for="audit-action">Action</label>
        <input type="search" list="audit-actions" {...field('action')} />
        <datalist id="audit-actions">
          {KNOWN_ACTIONS.map((action) => (
            <option key={action} value={action} />
          ))}
        </datalist>
      </div>
      <div>
        <label for="audit-from">From (UTC)</label>
        <input type="datetime-local" {...field('from')} />
      </div>
      <div>
        <label for="audit-to">Until (UTC)</label>
        <input type="datetime-local" {...field('to')} />
      </div>
      <div class="audit-filter-buttons">
        <button type="submit" class="button">
          Apply
        </button>
        <button type="button" class="button" onClick={() => onApply(BLANK)}>
          Clear
        </button>
      </div>
    </form>
  )
}
