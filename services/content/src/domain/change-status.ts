import type { Caller } from '@cms/http'
import { requireAdmin } from './document-access.ts'
import { advance } from './document-writer.ts'
import type { ChangeResult, DocumentWriter } from './document-writer.ts'
import type { DocumentStatus } from './document.ts'

export interface ChangeStatusInput {
  caller: Caller
  id: string
  ifMatch?: string
}

/**
 * Publish and unpublish. Asking for the status a document already has changes nothing: no
 * version, no event. Publishing records `publishedAt`; unpublishing clears it.
 */
export function createStatusChanger(deps: { write: DocumentWriter }) {
  const to = (status: DocumentStatus) =>
    async function changeStatus(input: ChangeStatusInput): Promise<ChangeResult> {
      requireAdmin(input.caller)
      return deps.write({
        caller: input.caller,
        documentId: input.id,
        ifMatch: input.ifMatch,
        async plan(current, now) {
          if (current.status === status) return undefined
          return {
            reason: status === 'published' ? 'publish' : 'unpublish',
            state: advance(current, now, {
              status,
              publishedAt: status === 'published' ? now : null,
            }),
          }
        },
      })
    }
  return { publish: to('published'), unpublish: to('draft') }
}
