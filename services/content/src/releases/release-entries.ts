import type { ReleaseEntryInput } from '@cms/contract'
import { NotFoundError, ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import type { Caller } from '@cms/http'
import type { DocumentStore } from '../document/document-store.ts'
import { documentNotFound } from '../domain/document-access.ts'
import { callSees } from '../domain/visible-types.ts'
import type { StoredReleaseEntry } from './release.ts'

/** What a schema cannot say of entries: one per document, a version only on a publish. */
function entryProblems(entries: readonly ReleaseEntryInput[]): ErrorDetail[] {
  const problems: ErrorDetail[] = []
  const firstOf = new Map<string, number>()
  entries.forEach((entry, index) => {
    const first = firstOf.get(entry.documentId)
    if (first === undefined) firstOf.set(entry.documentId, index)
    else
      problems.push({
        path: `entries[${index}].documentId`,
        message: `names the document of entries[${first}] again`,
      })
    if (entry.version !== undefined && entry.action !== 'publish')
      problems.push({
        path: `entries[${index}].version`,
        message: 'only a publish names a version',
      })
  })
  return problems
}

/**
 * The entries as a release keeps them, with each document's type: every document must be the
 * caller's, of a type the call may publish, and a named version must exist; anything else is
 * 404 as the single publish or restore says it.
 */
export async function resolvedEntries(
  store: Pick<DocumentStore, 'findMany' | 'findVersion'>,
  caller: Caller,
  entries: readonly ReleaseEntryInput[],
): Promise<StoredReleaseEntry[]> {
  const problems = entryProblems(entries)
  if (problems.length > 0) throw new ValidationError('The release is invalid', problems)
  if (entries.length === 0) return []
  const found = await store.findMany(
    caller.websiteId,
    entries.map((entry) => entry.documentId),
    { projection: { type: 1 } },
  )
  const typeOf = new Map(
    found.flatMap(({ _id, type }) => (_id && type ? [[_id, type] as const] : [])),
  )
  const resolved: StoredReleaseEntry[] = []
  for (const entry of entries) {
    const type = typeOf.get(entry.documentId)
    if (type === undefined || !callSees(caller, type)) throw documentNotFound(entry.documentId)
    if (entry.version !== undefined) {
      const record = await store.findVersion(caller.websiteId, entry.documentId, entry.version)
      if (!record || record.reason === 'delete')
        throw new NotFoundError(`No version ${entry.version} of document ${entry.documentId}`)
    }
    resolved.push({
      documentId: entry.documentId,
      type,
      action: entry.action,
      ...(entry.version === undefined ? {} : { version: entry.version }),
    })
  }
  return resolved
}
