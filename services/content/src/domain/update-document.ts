import { validatedData } from '@cms/content-model'
import type { ContentType } from '@cms/content-model'
import { ValidationError } from '@cms/errors'
import { requireAdminScope } from '@cms/http'
import type { Caller } from '@cms/http'
import type { ChangeResult } from '../store/change-loop.ts'
import type { ContentStore } from '../store/content-store.ts'
import type { ContentTypeCatalog } from './content-types.ts'
import { changeOf } from './document-change.ts'
import { withoutPendingDraft } from './document.ts'
import type { DocumentData } from './document.ts'
import { declaredOnly, pendingDraftConflict, slugInPendingDraft } from './pending-draft.ts'
import { mergeData } from './merge-patch.ts'
import { nextState } from './next-state.ts'
import { requireRelationTargets, withRefs } from './relations.ts'
import type { MediaLookup } from './relations.ts'
import { requireValidSlug } from './sent-slug.ts'

export interface UpdateDocumentInput {
  caller: Caller
  id: string
  ifMatch?: string
  /** JSON Merge Patch on `data`. */
  data?: DocumentData
  slug?: string
  /** `?draft=true`: on a published document, saves the change as its pending draft. */
  draft?: boolean
  /** `?discardDraft=true`: a live change that drops the pending draft (else 409). */
  discardDraft?: boolean
}

/** Loads a document's current type once per request, however often the change is retried. */
export function typeLoader(
  catalog: ContentTypeCatalog,
  caller: Caller,
): (name: string) => Promise<ContentType> {
  let loading: Promise<ContentType> | undefined
  return (name) =>
    (loading ??= catalog.current(caller, name).then((found) => {
      if (!found)
        throw ValidationError.single('type', `The content type "${name}" no longer exists`)
      return found
    }))
}

export function createDocumentUpdater(deps: {
  catalog: ContentTypeCatalog
  store: Pick<ContentStore, 'change' | 'findMany'>
  media: Pick<MediaLookup, 'existing'>
}) {
  /**
   * Merges `data` into what it edits (the pending draft, or the live data), drops values of
   * fields the type no longer declares, validates the result against the type as it is now,
   * keeps the slug unless one is sent.
   */
  return async function updateDocument(input: UpdateDocumentInput): Promise<ChangeResult> {
    const { caller } = input
    requireAdminScope(caller)
    if (input.slug !== undefined) requireValidSlug(input.slug)
    const loadType = typeLoader(deps.catalog, caller)
    const checkedData = async (type: ContentType, base: DocumentData) => {
      const data = validatedData(type, mergeData(declaredOnly(type, base), input.data ?? {}))
      await requireRelationTargets(deps, {
        websiteId: caller.websiteId,
        type,
        data,
        kept: base,
      })
      return data
    }
    return deps.store.change(
      changeOf(input, async (current, now) => {
        const contentType = await loadType(current.type)
        if (input.draft && current.status === 'published') {
          if (input.slug !== undefined) throw slugInPendingDraft()
          const base = current.pendingDraft?.data ?? current.data
          const pendingDraft = { data: await checkedData(contentType, base), updatedAt: now }
          return {
            reason: 'draft',
            state: withRefs(nextState(current, now, { pendingDraft }), contentType),
          }
        }
        if (current.pendingDraft && !input.discardDraft) throw pendingDraftConflict(current._id)
        const data = await checkedData(contentType, current.data)
        const slug = input.slug ?? current.slug
        return {
          reason: 'update',
          state: withRefs(
            withoutPendingDraft(nextState(current, now, { data, slug })),
            contentType,
          ),
        }
      }),
    )
  }
}
