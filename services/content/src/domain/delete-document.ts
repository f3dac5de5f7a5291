import type { DocumentStore } from '../document/document-store.ts'
import { changeOf } from './document-change.ts'
import type { DocumentChangeInput } from './document-change.ts'
import { requireUnreferenced } from './referrers.ts'

export interface DeleteDocumentInput extends DocumentChangeInput {
  /** Deletes even when other documents name it (their references then resolve as missing). */
  force?: boolean
}

/**
 * A delete is a change too: its version carries `entry.delete` with the document's last state.
 * Its referrers are looked for once the document is found, so that a document the call may not
 * see is 404 whatever names it.
 */
export function createDocumentDeleter(deps: { store: Pick<DocumentStore, 'change' | 'page'> }) {
  return async function deleteDocument(input: DeleteDocumentInput): Promise<void> {
    await deps.store.change(
      changeOf(input, async (current) => {
        if (!input.force) await requireUnreferenced(deps.store, input.caller, input.id)
        const { _id: _ignored, ...lastState } = current
        return { reason: 'delete', state: lastState }
      }),
    )
  }
}
