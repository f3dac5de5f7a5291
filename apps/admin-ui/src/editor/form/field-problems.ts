import { CmsApiError } from '@cms/client'

export interface SortedProblems {
  /** Per field name: the messages of details on `data.<name>` (or deeper). */
  byField: Record<string, string[]>
  /** Details that name no field. */
  other: string[]
}

/** Spreads a 422's details over the fields they name, so each shows at its input. */
export function sortProblems(error: unknown): SortedProblems {
  const sorted: SortedProblems = { byField: {}, other: [] }
  if (!(error instanceof CmsApiError)) return sorted
  for (const detail of error.details) {
    const match = /^data\.([^.[]+)/.exec(detail.path)
    if (match?.[1]) (sorted.byField[match[1]] ??= []).push(detail.message)
    else sorted.other.push(detail.path ? `${detail.path}: ${detail.message}` : detail.message)
  }
  return sorted
}

export const isStatus = (error: unknown, status: number): boolean =>
  error instanceof CmsApiError && error.status === status
