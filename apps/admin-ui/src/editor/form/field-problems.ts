import { CmsApiError } from '@cms/client'

export interface SortedProblems {
  /** The messages of the details on `data.<path>`, by that path (`seo.title`, `sections[1]`). */
  byPath: Record<string, string[]>
  /** Details that name no field. */
  other: string[]
}

export const NO_PROBLEMS: SortedProblems = { byPath: {}, other: [] }

/** A 422's details by the value they name, so each can be shown at its input. */
export function sortProblems(error: unknown): SortedProblems {
  const sorted: SortedProblems = { byPath: {}, other: [] }
  if (!(error instanceof CmsApiError)) return sorted
  for (const detail of error.details) {
    const match = /^data\.(.+)$/.exec(detail.path)
    if (match?.[1]) (sorted.byPath[match[1]] ??= []).push(detail.message)
    else sorted.other.push(detail.path ? `${detail.path}: ${detail.message}` : detail.message)
  }
  return sorted
}

export const isStatus = (error: unknown, status: number): boolean =>
  error instanceof CmsApiError && error.status === status
