import { PUBLIC_OPERATIONS as API } from '@cms/contract'
import { operationCaller } from './operation-call.ts'
import type { CallOptions, Transport } from './transport.ts'
import type { DocumentData } from './types/document.ts'
import type { SyncPage, SyncStart } from './types/sync.ts'

/**
 * `/api/sync` as an async iterator of its pages: it follows each `nextPageToken` and ends after
 * the page that carries the `nextSyncToken` (keep it for the next sync). Applying the pages in
 * order (store `items`, remove `deleted`) keeps a copy equal to a full list at that token.
 */
export function syncApi(transport: Transport) {
  const call = operationCaller(transport)
  return {
    async *sync<D = DocumentData>(
      start: SyncStart,
      options?: CallOptions,
    ): AsyncGenerator<SyncPage<D>> {
      let query: object = 'syncToken' in start ? { syncToken: start.syncToken } : start
      for (;;) {
        const page = await call<SyncPage<D>>(API.sync, { query, ...options })
        yield page
        if (page.nextPageToken === undefined) return
        query = { syncToken: page.nextPageToken }
      }
    },
  }
}
