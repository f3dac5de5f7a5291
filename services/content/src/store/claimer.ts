import type { StoredDocument } from '../document/document.ts'
import type { Claim, ClaimsCollection } from './collections/claims.ts'
import type { DocumentsCollection } from './collections/documents.ts'

/** `new`: claimed by this call (release it if the change does not commit); `ours`: held already. */
export type ClaimResult = 'new' | 'ours'

/** What every claim names: a value of one type's documents in one website. */
export interface ClaimScope {
  websiteId: string
  type: string
}

/**
 * Takes values in a claims registry for a document (slugs, unique field values): the insert
 * that wins the value's key owns it, on MongoDB and FerretDB alike. A claim older than
 * `abandonedAfterMs` whose document does not carry the value was left by a crashed write
 * between its claim and its commit, and is taken over.
 */
export function createClaimer<Scope extends ClaimScope>(deps: {
  claims: ClaimsCollection<Scope>
  documents: Pick<DocumentsCollection, 'findById'>
  clock: () => Date
  /** Whether the document (of the claim's website and type) carries the claimed value. */
  carries: (document: StoredDocument, scope: Scope) => boolean
  abandonedAfterMs?: number
}) {
  const abandonedAfterMs = deps.abandonedAfterMs ?? 60_000

  const carried = (holder: StoredDocument | null, scope: Scope): boolean =>
    holder !== null && holder.type === scope.type && deps.carries(holder, scope)

  async function isAbandoned(claim: Claim<Scope>): Promise<boolean> {
    if (deps.clock().getTime() - claim.createdAt.getTime() < abandonedAfterMs) return false
    return !carried(await deps.documents.findById(claim.websiteId, claim.documentId), claim)
  }

  return {
    async claim(scope: Scope, documentId: string): Promise<ClaimResult | 'taken'> {
      for (let attempt = 0; attempt < 3; attempt++) {
        if (await deps.claims.insert(scope, documentId, deps.clock())) return 'new'
        const holder = await deps.claims.find(scope)
        if (!holder) continue
        if (holder.documentId === documentId) return 'ours'
        if (!(await isAbandoned(holder))) return 'taken'
        await deps.claims.release(scope, holder.documentId)
      }
      return 'taken'
    },

    release: (scope: Scope, documentId: string) => deps.claims.release(scope, documentId),

    /** After a change away from a value: gives it up unless the document still carries it. */
    async releaseIfUnused(scope: Scope, documentId: string): Promise<void> {
      const holder = await deps.documents.findById(scope.websiteId, documentId)
      if (!carried(holder, scope)) await deps.claims.release(scope, documentId)
    },
  }
}

export type Claimer<Scope extends ClaimScope> = ReturnType<typeof createClaimer<Scope>>
