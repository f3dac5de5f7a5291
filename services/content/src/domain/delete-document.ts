import type { Caller } from '@cms/http'
import { requireAdmin } from './document-access.ts'
import type { DocumentWriter } from './document-writer.ts'

export interface DeleteDocumentInput {
  caller: Caller
  id: string
  ifMatch?: string
}

/**
 * Commits a tombstone version carrying the delete event (the document's last state), then
 * removes the document, its history and its slug; the relay drops the tombstone once sent.
 */
export function createDocumentDeleter(deps: { write: DocumentWriter }) {
  return async function deleteDocument(input: DeleteDocumentInput): Promise<void> {
    requireAdmin(input.caller)
    await deps.write({
      caller: input.caller,
      documentId: input.id,
      ifMatch: input.ifMatch,
      async plan(current) {
        const { _id: _ignored, ...lastState } = current
        return { reason: 'delete', state: lastState }
      },
    })
  }
}
