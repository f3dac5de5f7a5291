import { NotFoundError } from '@cms/errors'
import type { ChangeResult } from '../document/change-request.ts'
import type { DocumentStore } from '../document/document-store.ts'
import { changeOf } from './document-change.ts'
import type { DocumentChangeInput } from './document-change.ts'
import { withoutPendingDraft } from '../document/document.ts'
import { nextState } from '../document/next-state.ts'

/** DELETE /api/content/:id/draft: drops the pending draft (a `draft` version, `entry.update`). */
export function createDraftDiscarder(deps: { store: Pick<DocumentStore, 'change'> }) {
  return async function discardDraft(input: DocumentChangeInput): Promise<ChangeResult> {
    return deps.store.change(
      changeOf(input, async (current, now) => {
        if (!current.pendingDraft) {
          throw new NotFoundError(`Document ${input.id} has no pending draft`)
        }
        return { reason: 'draft', state: withoutPendingDraft(nextState(current, now, {})) }
      }),
    )
  }
}
