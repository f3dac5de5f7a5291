import { ConflictError } from '@cms/errors'
import { slugOf } from '../document/document.ts'
import type { SlugScope } from '../document/document.ts'
import { slugCandidate } from '../document/slug.ts'
import { createClaimer } from './claimer.ts'
import type { ClaimResult } from './claimer.ts'
import type { DocumentsCollection } from './collections/documents.ts'
import type { SlugsCollection } from './collections/slugs.ts'

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
  const { claim, release, releaseIfUnused } = createClaimer({
    claims: deps.slugs,
    documents: deps.documents,
    clock: deps.clock,
    carries: (document, scope) => slugOf(document, scope.locale) === scope.slug,
    ...(deps.abandonedAfterMs === undefined ? {} : { abandonedAfterMs: deps.abandonedAfterMs }),
  })

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

    release,

    /** After a change away from a slug: gives it up unless the document still carries it. */
    releaseIfUnused,
  }
}

export type SlugClaims = ReturnType<typeof createSlugClaims>
