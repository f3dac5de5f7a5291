import { expect } from 'vitest'
import type { ApiCall } from '@cms/testkit'
import { expectStatus } from './content-fixtures.ts'

/** What a sync keeps of a document, and what a full list shows of it. */
export const essence = (doc: any) => ({
  id: doc.id,
  type: doc.type,
  status: doc.status,
  version: doc.version,
  data: doc.data,
  hasPendingDraft: doc.hasPendingDraft,
})

export interface SyncedCopy {
  docs: Map<string, ReturnType<typeof essence>>
  token: string
  /** The pages the last sync read. */
  pages: any[]
}

/** Follows `nextPageToken`s until a `nextSyncToken`, applying each page to the copy. */
export async function syncInto(
  api: ApiCall,
  start: string,
  copy: SyncedCopy = { docs: new Map(), token: '', pages: [] },
  between?: (page: number) => Promise<void>,
): Promise<SyncedCopy> {
  let path: string | undefined = start
  const pages: any[] = []
  while (path !== undefined) {
    const page: any = (await expectStatus(api('GET', path), 200)).body
    pages.push(page)
    for (const item of page.items) copy.docs.set(item.id, essence(item))
    for (const id of page.deleted) copy.docs.delete(id)
    if (page.nextSyncToken !== undefined) {
      expect(page.nextPageToken).toBeUndefined()
      copy.token = page.nextSyncToken
      path = undefined
    } else {
      await between?.(pages.length)
      path = `/api/sync?syncToken=${page.nextPageToken}`
    }
  }
  return { ...copy, pages }
}

export const deltaOf = (api: ApiCall, copy: SyncedCopy) =>
  syncInto(api, `/api/sync?syncToken=${copy.token}`, copy)

/** Every document a full list shows (all its pages), by id. */
export async function fullList(api: ApiCall, query = '') {
  const docs = new Map<string, ReturnType<typeof essence>>()
  for (let page = 1; ; page++) {
    const body = (
      await expectStatus(
        api('GET', `/api/content?pagination[pageSize]=100&pagination[page]=${page}${query}`),
        200,
      )
    ).body
    for (const doc of body.docs) docs.set(doc.id, essence(doc))
    if (!body.hasNextPage) return docs
  }
}

export const sorted = (docs: Map<string, unknown>) =>
  [...docs.entries()].sort(([a], [b]) => a.localeCompare(b))
