import type { ChangeResult } from '../document/change-request.ts'
import type { DocumentStore } from '../document/document-store.ts'
import { changeOf } from './document-change.ts'
import type { DocumentChangeInput } from './document-change.ts'
import type { DocumentStatus } from '../document/document.ts'
import { nextState } from '../document/next-state.ts'
import { withoutPendingDraft } from '../document/document.ts'
import type { DocumentState, PendingDraft } from '../document/document.ts'
import type { ContentTypeCatalog } from './content-types.ts'
import { requirePublishable } from './publishable.ts'
import { typeLoader } from './type-loader.ts'

/** The state showing the pending draft's content (its data, and its other locales' values). */
function withContentOf(state: DocumentState, draft: PendingDraft): DocumentState {
  const { locales: _live, ...rest } = state
  return { ...rest, data: draft.data, ...(draft.locales ? { locales: draft.locales } : {}) }
}

export type ChangeStatusInput = DocumentChangeInput

/**
 * Publish and unpublish. Asking for the status a document already has changes nothing: no
 * version, no event. Publishing records `publishedAt`; unpublishing clears it. A pending draft
 * becomes the data either way: published by publish, the draft's content by unpublish. What a
 * publish makes live must be valid for its type as it is now (422 otherwise, nothing changes).
 */
export function createStatusChanger(deps: {
  store: Pick<DocumentStore, 'change'>
  catalog: ContentTypeCatalog
}) {
  const to = (status: DocumentStatus) =>
    async function changeStatus(input: ChangeStatusInput): Promise<ChangeResult> {
      const loadType = typeLoader(deps.catalog, input.caller)
      return deps.store.change(
        changeOf(input, async (current, now) => {
          if (current.status === status && !current.pendingDraft) return undefined
          if (status === 'published') {
            const { type } = await loadType(current.type)
            requirePublishable(type, current.pendingDraft?.data ?? current.data)
          }
          const state = nextState(current, now, {
            status,
            publishedAt: status === 'published' ? now : null,
          })
          return {
            reason: status === 'published' ? 'publish' : 'unpublish',
            state: withoutPendingDraft(
              current.pendingDraft ? withContentOf(state, current.pendingDraft) : state,
            ),
          }
        }),
      )
    }
  return { publish: to('published'), unpublish: to('draft') }
}
