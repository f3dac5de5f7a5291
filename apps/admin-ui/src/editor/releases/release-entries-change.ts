import type { Release } from '@cms/client'
import type { ReleaseEntryInput } from '@cms/contract'

/** A release's entries can change until it is being published (a failed one is open again). */
export const isEditable = (release: Pick<Release, 'state'>): boolean =>
  release.state !== 'publishing' && release.state !== 'published'

/** The entries as `PATCH` takes them (the answer's `type` is the server's own). */
export const entryInputs = (release: Pick<Release, 'entries'>): ReleaseEntryInput[] =>
  release.entries.map(({ documentId, action, version }) => ({
    documentId,
    action,
    ...(version === undefined ? {} : { version }),
  }))

/** The entries with those documents added, each once (a document already in keeps its entry). */
export function withDocuments(
  entries: readonly ReleaseEntryInput[],
  ids: readonly string[],
  action: ReleaseEntryInput['action'],
): ReleaseEntryInput[] {
  const known = new Set(entries.map((entry) => entry.documentId))
  const added = ids.filter((id) => !known.has(id)).map((documentId) => ({ documentId, action }))
  return [...entries, ...added]
}
