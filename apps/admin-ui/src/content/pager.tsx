import type { Page } from '@cms/client'

export interface PagerProps {
  /** A list's envelope; one counted without totals (`withCount=false`) is one page of its docs. */
  of: Pick<Page<unknown>, 'docs' | 'page' | 'totalPages' | 'totalDocs'>
  onPage: (page: number) => void
}

export function Pager({ of, onPage }: PagerProps) {
  const { page } = of
  const totalPages = of.totalPages ?? 1
  const totalDocs = of.totalDocs ?? of.docs.length
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
