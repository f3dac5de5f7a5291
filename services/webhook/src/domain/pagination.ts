export interface PageRequest {
  page: number
  limit: number
}

/** The spec's list envelope (section 2.6). */
export interface PageEnvelope<T> {
  docs: T[]
  totalDocs: number
  limit: number
  totalPages: number
  page: number
  hasNextPage: boolean
  hasPrevPage: boolean
  nextPage: number | null
  prevPage: number | null
}

export function pageEnvelope<T>(
  docs: T[],
  totalDocs: number,
  request: PageRequest,
): PageEnvelope<T> {
  const totalPages = Math.ceil(totalDocs / request.limit)
  const hasNextPage = request.page < totalPages
  const hasPrevPage = request.page > 1
  return {
    docs,
    totalDocs,
    limit: request.limit,
    totalPages,
    page: request.page,
    hasNextPage,
    hasPrevPage,
    nextPage: hasNextPage ? request.page + 1 : null,
    prevPage: hasPrevPage ? request.page - 1 : null,
  }
}
