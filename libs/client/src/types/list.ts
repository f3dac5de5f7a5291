/** The paginated list envelope (docs/api.md, "§ queries: the list envelope"). */
export interface Page<T> {
  docs: T[]
  /** null with `pagination[withCount]=false`. */
  totalDocs: number | null
  limit: number
  totalPages: number | null
  page: number
  hasNextPage: boolean
  hasPrevPage: boolean
  nextPage: number | null
  prevPage: number | null
}

/** The unpaginated lists (content types, webhooks, websites, keys). */
export interface DocsList<T> {
  docs: T[]
}
