import { expect } from 'vitest'
import { seededRandom } from '@cms/testkit'
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

/** A seeded generator, so a failing run can be repeated from its printed seed. */
export const random = seededRandom

const OPERATIONS = [
  'create',
  'update',
  'draftUpdate',
  'publish',
  'unpublish',
  'delete',
  'restore',
] as const

/**
 * Random changes of the articles (a type with a required `title`) of the website `on.api` calls;
 * each answer is checked to be one the API gives.
 */
export function writer(on: { api: ApiCall }, next: () => number) {
  const ids: string[] = []
  const pick = () => ids[Math.floor(next() * ids.length)]
  return async function write(): Promise<void> {
    const operation =
      ids.length < 3 ? 'create' : OPERATIONS[Math.floor(next() * OPERATIONS.length)]!
    const id = pick()!
    const path = `/api/content/${id}`
    const title = `t${Math.floor(next() * 1e6)}`
    switch (operation) {
      case 'create': {
        const created = on.api('POST', '/api/content', {
          body: { type: 'article', data: { title } },
        })
        ids.push((await expectStatus(created, 201)).body.id)
        return
      }
      case 'update': {
        const answer = await on.api('PATCH', path, { body: { data: { title } } })
        // A document with a pending draft refuses a published-copy change until the draft is settled.
        expect([200, 409]).toContain(answer.status)
        return
      }
      case 'draftUpdate': {
        const answer = await on.api('PATCH', `${path}?draft=true`, { body: { data: { title } } })
        expect([200, 409, 422]).toContain(answer.status)
        return
      }
      case 'publish':
      case 'unpublish': {
        const answer = await on.api('POST', `${path}/${operation}`)
        expect([200, 409]).toContain(answer.status)
        return
      }
      case 'delete':
        await expectStatus(on.api('DELETE', path), 204)
        ids.splice(ids.indexOf(id), 1)
        return
      case 'restore': {
        const versions = (await expectStatus(on.api('GET', `${path}/versions`), 200)).body.docs
        const answer = await on.api('POST', `${path}/restore/${versions.at(-1).id}`)
        // A document with a pending draft is not restored until the draft is published or dropped.
        expect([200, 409]).toContain(answer.status)
        return
      }
    }
  }
}
