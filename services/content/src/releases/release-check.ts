import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import type { Caller } from '@cms/http'
import { versionData } from '../document/api-shape.ts'
import { draftView } from '../document/document.ts'
import type { StoredDocument } from '../document/document.ts'
import type { DocumentStore } from '../document/document-store.ts'
import type { ContentTypeCatalog } from '../domain/content-types.ts'
import { documentNotFound } from '../domain/document-access.ts'
import { publishProblems } from '../domain/publishable.ts'
import { callSees } from '../domain/visible-types.ts'
import type { StoredRelease, StoredReleaseEntry } from './release.ts'

/** Each entry's problems, under `entries[i].`: what would make its single call fail. */
async function problemsOf(
  deps: { store: Pick<DocumentStore, 'findVersion'>; catalog: ContentTypeCatalog },
  caller: Caller,
  entry: StoredReleaseEntry,
  document: StoredDocument | undefined,
  at: string,
): Promise<ErrorDetail[]> {
  if (!document) return [{ path: `${at}.documentId`, message: `No document ${entry.documentId}` }]
  if (entry.action === 'unpublish') return []
  const type = await deps.catalog.current(caller, document.type)
  if (!type)
    return [{ path: `${at}.type`, message: `The content type "${document.type}" no longer exists` }]
  let data = draftView(document).data
  if (entry.version !== undefined) {
    const record = await deps.store.findVersion(caller.websiteId, document._id, entry.version)
    if (!record || record.reason === 'delete')
      return [{ path: `${at}.version`, message: `No version ${entry.version} of the document` }]
    if (document.pendingDraft)
      return [
        {
          path: `${at}.version`,
          message: 'the document has a pending draft: publish or discard it first',
        },
      ]
    data = versionData(record)
  }
  return publishProblems(type.type, data).map((detail) => ({
    ...detail,
    path: `${at}.${detail.path}`,
  }))
}

/**
 * Before anything is applied: every entry's document is there, of a type the call may publish
 * (else 404, as the single call says), and what a publish would make live is valid for its type
 * as it is now. Any problem of any entry is one 422 naming them all; nothing has changed.
 */
export async function checkRelease(
  deps: {
    store: Pick<DocumentStore, 'findMany' | 'findVersion'>
    catalog: ContentTypeCatalog
  },
  caller: Caller,
  release: StoredRelease,
): Promise<void> {
  const ids = release.entries.map((entry) => entry.documentId)
  const found = (await deps.store.findMany(caller.websiteId, ids)) as StoredDocument[]
  const byId = new Map(found.map((document) => [document._id, document]))
  for (const entry of release.entries) {
    const document = byId.get(entry.documentId)
    if (document && !callSees(caller, document.type)) throw documentNotFound(entry.documentId)
  }
  const problems: ErrorDetail[] = []
  for (const [index, entry] of release.entries.entries()) {
    const document = byId.get(entry.documentId)
    problems.push(...(await problemsOf(deps, caller, entry, document, `entries[${index}]`)))
  }
  if (problems.length > 0)
    throw new ValidationError('The release cannot be published: entries are invalid', problems)
}
