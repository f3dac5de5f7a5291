import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import type { DocumentState, StoredDocument } from '../document/document.ts'
import { holdsUnique, uniqueKeyOf } from '../document/unique-values.ts'
import type { UniqueValue } from '../document/unique-values.ts'
import { createClaimer } from './claimer.ts'
import type { DocumentsCollection } from './collections/documents.ts'
import { uniqueScopesOf } from './collections/unique-values.ts'
import type { UniqueScope, UniqueValuesCollection } from './collections/unique-values.ts'

type Owner = Pick<DocumentState, 'websiteId' | 'type'>

const notHeldBy = (held: readonly UniqueValue[] = []) => {
  const keys = new Set(held.map(uniqueKeyOf))
  return (value: UniqueValue) => !keys.has(uniqueKeyOf(value))
}

/**
 * `unique` field values per (website, type[, locale]) through the `unique_values` registry, the
 * slugs' mechanism (claimer.ts): a value is claimed before the change that adds it commits, so
 * of two concurrent writes of one value only one can win, and given up after the change that
 * drops it (or the delete) commits.
 */
export function createUniqueClaims(deps: {
  uniques: UniqueValuesCollection
  documents: DocumentsCollection
  clock: () => Date
  abandonedAfterMs?: number
}) {
  const claimer = createClaimer({
    claims: deps.uniques,
    documents: deps.documents,
    clock: deps.clock,
    carries: holdsUnique,
    ...(deps.abandonedAfterMs === undefined ? {} : { abandonedAfterMs: deps.abandonedAfterMs }),
  })

  const releaseAll = async (scopes: readonly UniqueScope[], documentId: string) => {
    for (const scope of scopes) await claimer.release(scope, documentId)
  }

  return {
    /**
     * Claims the values `next` holds and `current` does not; when one is held by another
     * document, gives back what it took and refuses the write with a 422 at each such field.
     * Returns the values claimed anew, to give back if the change does not commit.
     */
    async claimAdded(
      owner: Owner,
      next: Pick<DocumentState, 'uniques'>,
      current: Pick<DocumentState, 'uniques'> | undefined,
      documentId: string,
    ): Promise<UniqueScope[]> {
      const fresh: UniqueScope[] = []
      const taken: UniqueScope[] = []
      for (const scope of uniqueScopesOf(
        owner,
        next.uniques?.filter(notHeldBy(current?.uniques)),
      )) {
        const result = await claimer.claim(scope, documentId)
        if (result === 'new') fresh.push(scope)
        if (result === 'taken') taken.push(scope)
      }
      if (taken.length === 0) return fresh
      await releaseAll(fresh, documentId)
      throw new ValidationError(
        `Another ${owner.type} document has the same value`,
        taken.map(takenDetail),
      )
    },

    release: releaseAll,

    /** After a committed change: gives up the values `current` held and `next` does not. */
    async releaseDropped(current: StoredDocument, next: Pick<DocumentState, 'uniques'>) {
      const dropped = uniqueScopesOf(current, current.uniques?.filter(notHeldBy(next.uniques)))
      for (const scope of dropped) await claimer.releaseIfUnused(scope, current._id)
    },
  }
}

const takenDetail = (scope: UniqueScope): ErrorDetail => ({
  path: `data.${scope.field}`,
  message: `must be unique: another ${scope.type} document has this value${scope.locale ? ` in ${scope.locale}` : ''}`,
})

export type UniqueClaims = ReturnType<typeof createUniqueClaims>
