import { ConflictError } from '@cms/errors'
import { slugOf } from '../document/document.ts'
import type { SlugScope } from '../document/document.ts'
import { slugCandidate } from '../document/slug.ts'
import type { DocumentsCollection } from './collections/documents.ts'
import type { SlugClaim, SlugsCollection } from './collections/slugs.ts'

/** `new`: claimed by this call (release it if the change does not commit); `ours`: held already. */
export type ClaimResult = 'new' | 'ours'

const MAX_CANDIDATES = 1000

/**
 * Slug uniqueness per (website, type) through inserts into the `slugs` registry, keyed by the
 * value itself: the insert that wins the unique key owns the slug, on MongoDB and FerretDB alike.
 */
export function createSlugClaims(deps: {
  slugs: SlugsCollection
  documents: DocumentsCollection
  clock: () => Date
  /** A claim this old whose document does not carry the slug was left by a crash and may be taken over. */
  abandonedAfterMs?: number
}) {
  const abandonedAfterMs = deps.abandonedAfterMs ?? 60_000

  async function isAbandoned(claim: SlugClaim): Promise<boolean> {
    if (deps.clock().getTime() - claim.createdAt.getTime() < abandonedAfterMs) return false
    const holder = await deps.documents.findById(claim.websiteId, claim.documentId)
    return (
      !holder ||
      slugOf(holder, claim.locale) !== claim.slug ||
      holder.type !== claim.type ||
      holder.websiteId !== claim.websiteId
    )
  }

  async function claim(scope: SlugScope, documentId: string): Promise<ClaimResult | 'taken'> {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await deps.slugs.insert(scope, documentId, deps.clock())) return 'new'
      const holder = await deps.slugs.find(scope)
      if (!holder) continue
      if (holder.documentId === documentId) return 'ours'
      if (!(await isAbandoned(holder))) return 'taken'
      await deps.slugs.release(scope, holder.documentId)
    }
    return 'taken'
  }

  return {
    /** A slug the client chose: 409 when another document holds it. */
    async claimExact(scope: SlugScope, documentId: string): Promise<ClaimResult> {
      const result = await claim(scope, documentId)
      if (result === 'taken') {
        throw new ConflictError(
          `The slug "${scope.slug}" is already used by another ${scope.type} document`,
          {
            details: [
              {
                path: 'slug',
                message: `is already taken${scope.locale ? ` in ${scope.locale}` : ''}`,
              },
            ],
          },
        )
      }
      return result
    },

    /** The first free of `base`, `base-2`, `base-3`, ... */
    async claimDerived(scope: SlugScope, documentId: string): Promise<string> {
      for (let n = 1; n <= MAX_CANDIDATES; n++) {
        const slug = slugCandidate(scope.slug, n)
        if ((await claim({ ...scope, slug }, documentId)) !== 'taken') return slug
      }
      throw new ConflictError(`No free slug derived from "${scope.slug}"; send a slug`)
    },

    release: (scope: SlugScope, documentId: string) => deps.slugs.release(scope, documentId),

    /** After a change away from a slug: gives it up unless the document still carries it. */
    async releaseIfUnused(scope: SlugScope, documentId: string): Promise<void> {
      const holder = await deps.documents.findById(scope.websiteId, documentId)
      if (!holder || slugOf(holder, scope.locale) !== scope.slug)
        await deps.slugs.release(scope, documentId)
    },
  }
}

export type SlugClaims = ReturnType<typeof createSlugClaims>
