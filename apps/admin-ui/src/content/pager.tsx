export interface PagerProps {
  page: number
  totalPages: number
  totalDocs: number
  onPage: (page: number) => void
}

export function Pager({ page, totalPages, totalDocs, onPage }: PagerProps) {
  if (totalPages <= 1) return <p class="muted">{totalDocs} in total</p>
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" class="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {totalPages} ({totalDocs} in total)
      </span>
      <button
        type="button"
        class="button"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  )
}
