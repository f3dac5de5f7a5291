import { NotFoundError } from '@cms/errors'
import type { ChangeResult } from '../store/change-loop.ts'
import type { ContentStore } from '../store/content-store.ts'
import { changeOf } from './document-change.ts'
import type { DocumentChangeInput } from './document-change.ts'
import { withoutPendingDraft } from './document.ts'
import { nextState } from './next-state.ts'

/** DELETE /api/content/:id/draft: drops the pending draft (a `draft` version, `entry.update`). */
export function createDraftDiscarder(deps: { store: Pick<ContentStore, 'change'> }) {
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
