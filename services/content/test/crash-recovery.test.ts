import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEnv, waitFor } from '@cms/testkit'
import { defineSchema, newCaller, startContent, tapEvents, withDb } from './in-process.ts'
import type { InProcessContent, Tap } from './in-process.ts'
import type { StoredVersion } from '../src/document/document.ts'
import { entryEventOf } from '../src/document/entry-event.ts'

/**
 * What a writer that died between its commit (the version insert) and updating `documents`
 * leaves behind, written straight into the database, and how the service finishes it.
 */
let content: InProcessContent
let tap: Tap

beforeAll(async () => {
  const caller = newCaller()
  await defineSchema(caller)
  // No timed polls within a test: the relay sweeps only when a commit kicks it, so each test
  // decides whether the relay or the next writer finds the half-done change.
  content = await startContent({ caller, env: { OUTBOX_POLL_MS: '60000' } })
  tap = await tapEvents(testEnv().amqpUrl, caller.websiteId)
})
afterAll(async () => {
  await tap?.close()
  await content?.stop()
  await withDb(content.dbName, (db) => db.dropDatabase())
})

async function createPost(title: string): Promise<any> {
  const response = await content.api('POST', '/api/content', {
    body: { type: 'post', data: { title } },
  })
  expect(response.status).toBe(201)
  return response.body
}

/** The version record a crashed writer committed: the next version, pending, documents untouched. */
async function commitBehindTheServicesBack(
  id: string,
  reason: 'update' | 'delete',
  data: Record<string, unknown>,
): Promise<void> {
  await withDb(content.dbName, async (db) => {
    const document = await db.collection('documents').findOne({ _id: id as never })
    if (!document) throw new Error('no document')
    const { _id, ...state } = document
    const now = new Date()
    const next =
      reason === 'delete'
        ? state
        : { ...state, data: { ...state.data, ...data }, version: state.version + 1, updatedAt: now }
    const version = {
      _id: `${id}:${state.version + 1}`,
      documentId: id,
      websiteId: state.websiteId,
      version: state.version + 1,
      reason,
      changedBy: content.api.caller.keyId,
      state: next,
      event: {
        eventId: crypto.randomUUID(),
        name: reason === 'delete' ? ('entry.delete' as const) : ('entry.update' as const),
        timestamp: now,
      },
      createdAt: now,
    }
    // As the writer does: the outbox pointer (with the event built at commit) first, then the
    // version record (the commit).
    await db.collection('outbox').insertOne({
      _id: version.event.eventId as never,
      versionId: version._id,
      documentId: id,
      websiteId: state.websiteId,
      createdAt: now,
      message: entryEventOf(version as unknown as StoredVersion),
    })
    await db.collection('versions').insertOne(version as never)
  })
}

const read = (id: string) => content.api('GET', `/api/content/${id}?draft=true`)

describe('roll forward', () => {
  it('when a committed change never reached the document, then the relay applies it and sends its event', async () => {
    const post = await createPost('Half written')
    await commitBehindTheServicesBack(post.id, 'update', { body: 'committed' })
    // No assertion on the half-done state: the relay's poll may settle it at any moment.
    await createPost('Kicks the relay')
    const rolled = await waitFor(
      async () => {
        const response = await read(post.id)
        return response.body.version === 2 ? response.body : undefined
      },
      { what: 'the document at version 2' },
    )
    expect(rolled.data).toEqual({ title: 'Half written', body: 'committed' })
    await waitFor(
      () =>
        tap.events().some((e) => e.document.id === post.id && e.event === 'entry.update')
          ? true
          : undefined,
      {
        what: 'the update event',
      },
    )
  })

  it('when the next writer finds a committed change not yet applied, then If-Match on the old version is 412 and a plain patch builds on it', async () => {
    const post = await createPost('Next writer')
    await commitBehindTheServicesBack(post.id, 'update', { body: 'from the crashed writer' })
    const stale = await content.api('PATCH', `/api/content/${post.id}`, {
      body: { data: { title: 'x' } },
      headers: { 'if-match': '"1"' },
    })
    expect(stale.status).toBe(412)
    const patched = await content.api('PATCH', `/api/content/${post.id}`, {
      body: { data: { title: 'Renamed' } },
    })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({
      version: 3,
      data: { title: 'Renamed', body: 'from the crashed writer' },
    })
  })

  it('when a delete was committed but not carried out, then it is finished: document, history and slug gone, entry.delete sent', async () => {
    const post = await createPost('Half deleted')
    await commitBehindTheServicesBack(post.id, 'delete', {})
    await createPost('Kicks the relay too')
    await waitFor(async () => ((await read(post.id)).status === 404 ? true : undefined), {
      what: 'the document gone',
    })
    await waitFor(
      () =>
        tap.events().some((e) => e.document.id === post.id && e.event === 'entry.delete')
          ? true
          : undefined,
      {
        what: 'the delete event',
      },
    )
    await waitFor(
      () =>
        withDb(content.dbName, async (db) =>
          (await db.collection('versions').countDocuments({ documentId: post.id })) === 0
            ? true
            : undefined,
        ),
      { what: 'the tombstone dropped after sending' },
    )
    expect((await createPost('Half deleted')).slug).toBe('half-deleted')
  })
})

describe('abandoned slug claims', () => {
  it('when a crashed create left a claim on a slug long ago, then a new document takes the slug over', async () => {
    await withDb(content.dbName, (db) =>
      db.collection('slugs').insertOne({
        _id: JSON.stringify([content.api.caller.websiteId, 'post', 'orphaned-title']) as never,
        websiteId: content.api.caller.websiteId,
        type: 'post',
        slug: 'orphaned-title',
        documentId: crypto.randomUUID(),
        createdAt: new Date(Date.now() - 10 * 60_000),
      }),
    )
    expect((await createPost('Orphaned title')).slug).toBe('orphaned-title')
  })

  it('when a fresh claim is held by a create still in flight, then the new document gets the next slug', async () => {
    await withDb(content.dbName, (db) =>
      db.collection('slugs').insertOne({
        _id: JSON.stringify([content.api.caller.websiteId, 'post', 'in-flight']) as never,
        websiteId: content.api.caller.websiteId,
        type: 'post',
        slug: 'in-flight',
        documentId: crypto.randomUUID(),
        createdAt: new Date(),
      }),
    )
    expect((await createPost('In flight')).slug).toBe('in-flight-2')
  })
})
