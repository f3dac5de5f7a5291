import { ConflictError, NotFoundError, PreconditionFailedError } from '@cms/errors'
import type { Caller } from '@cms/http'
import type { DocumentsRepository } from '../data/documents-repository.ts'
import type { SlugScope } from '../data/slug-registry.ts'
import { stateToStored } from './api-shape.ts'
import type { ChangeCommitter } from './change-committer.ts'
import { findOwnedDocument } from './document-access.ts'
import type { ChangeReason, DocumentState, StoredDocument } from './document.ts'
import { ifMatchAdmits } from './if-match.ts'
import type { ClaimResult, SlugClaims } from './slug-claims.ts'

export interface ChangePlan {
  reason: ChangeReason
  /** The document after the change; for a delete, its last state. */
  state: DocumentState
  /** A slug claimed for this change: given back when the change does not commit. */
  claimed?: { scope: SlugScope; result: ClaimResult }
  /** The slug the document gives up once the change commits. */
  leaves?: SlugScope
}

export interface ChangeRequest {
  caller: Caller
  documentId: string
  ifMatch?: string
  /** What to change given the current document; undefined when nothing needs to (idempotent). */
  plan: (current: StoredDocument, now: Date) => Promise<ChangePlan | undefined>
}

export interface ChangeResult {
  document: StoredDocument
  changed: boolean
}

export interface DocumentWriterDeps {
  documents: DocumentsRepository
  committer: ChangeCommitter
  slugClaims: SlugClaims
  clock: () => Date
  sleep?: (ms: number) => Promise<void>
}

const MAX_ATTEMPTS = 100
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The next state of `current`: one version further, stamped `now`. */
export function advance(
  current: StoredDocument,
  now: Date,
  changes: Partial<DocumentState>,
): DocumentState {
  const { _id: _ignored, ...state } = current
  return { ...state, ...changes, version: current.version + 1, updatedAt: now }
}

/**
 * Read, plan, commit. A lost race is 412 with `If-Match`; without it the change is planned
 * again on the newer document, so concurrent writers never lose each other's changes.
 */
export function createDocumentWriter(deps: DocumentWriterDeps) {
  const sleep = deps.sleep ?? defaultSleep

  async function giveBack(plan: ChangePlan, documentId: string): Promise<void> {
    if (plan.claimed?.result === 'new')
      await deps.slugClaims.release(plan.claimed.scope, documentId)
  }

  return async function change(request: ChangeRequest): Promise<ChangeResult> {
    const { caller, documentId, ifMatch } = request
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const current = await findOwnedDocument(deps.documents, caller, documentId)
      if (ifMatch !== undefined && !ifMatchAdmits(ifMatch, current.version))
        throw new PreconditionFailedError()
      const now = deps.clock()
      const plan = await request.plan(current, now)
      if (!plan) return { document: current, changed: false }
      // A failed commit keeps its slug claim: the insert may have landed, and an abandoned claim
      // is taken over later (slug-claims.ts).
      const outcome = await deps.committer.commit({
        documentId,
        websiteId: current.websiteId,
        version: current.version + 1,
        reason: plan.reason,
        changedBy: caller.keyId,
        state: plan.state,
        now,
      })
      if (outcome === 'applied') {
        if (plan.leaves) await deps.slugClaims.releaseIfUnused(plan.leaves, documentId)
        return { document: stateToStored(documentId, plan.state), changed: true }
      }
      await giveBack(plan, documentId)
      if (outcome === 'gone') throw new NotFoundError(`No document ${documentId}`)
      await deps.committer.catchUp(documentId)
      if (ifMatch !== undefined) throw new PreconditionFailedError()
      await sleep(Math.random() * Math.min(50, 2 * attempt))
    }
    throw new ConflictError('The document is changing too fast to apply this change; try again')
  }
}

export type DocumentWriter = ReturnType<typeof createDocumentWriter>
