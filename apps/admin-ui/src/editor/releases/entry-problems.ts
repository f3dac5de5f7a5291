import { CmsApiError } from '@cms/client'

/** A 422's problems by entry: `entries[3].data.title` is entry 3's `data.title`. */
export interface EntryProblems {
  byEntry: ReadonlyMap<number, { path: string; message: string }[]>
  /** Problems that name no entry (shown with the error). */
  rest: { path: string; message: string }[]
}

const ENTRY_PATH = /^entries\[(\d+)\]\.?(.*)$/

export function entryProblems(error: unknown): EntryProblems {
  const byEntry = new Map<number, { path: string; message: string }[]>()
  const rest: { path: string; message: string }[] = []
  if (!(error instanceof CmsApiError) || error.status !== 422) return { byEntry, rest }
  for (const detail of error.details) {
    const match = ENTRY_PATH.exec(detail.path ?? '')
    if (!match) {
      rest.push({ path: detail.path ?? '', message: detail.message })
      continue
    }
    const index = Number(match[1])
    byEntry.set(index, [
      ...(byEntry.get(index) ?? []),
      { path: match[2] ?? '', message: detail.message },
    ])
  }
  return { byEntry, rest }
}
