import { describe, expect, it } from 'vitest'
import { createLogger } from '@cms/logger'
import type { ChangeRequest } from '../src/document/change-request.ts'
import type { DocumentState, StoredDocument } from '../src/document/document.ts'
import { nextState } from '../src/document/next-state.ts'
import { preconditionOf } from '../src/domain/if-match.ts'
import { wireWriteProtocol } from '../src/store/content-store.ts'
import { inMemoryStore } from './in-memory-store.ts'

/** The write protocol over a store whose conditional replace is as weak as FerretDB's. */
const caller = { websiteId: 'w1', keyId: 'k1', scope: 'admin' as const }
const logger = createLogger({ service: 'test', level: 'silent' })
const ID = '0b7c4a8e-1d2f-4c3b-9a8e-7f6d5c4b3a21'

/**
 * Three writer processes over one store: within a process the changes of a document wait in
 * line, so the races under test are between processes.
 */
function setup() {
  const store = inMemoryStore()
  const processes = [1, 2, 3].map(() =>
    wireWriteProtocol(store, { logger, clock: () => new Date() }),
  )
  const [first] = processes as [ReturnType<typeof wireWriteProtocol>]
  const committer = {
    commit: first.commit,
    settle: first.applier.settle,
    findDocument: first.findDocument,
  }
  let next = 0
  const write: typeof first.change = (request) =>
    processes[next++ % processes.length]!.change(request)
  return { store, committer, write }
}

async function seed(
  store: ReturnType<typeof inMemoryStore>,
  committer: ReturnType<typeof setup>['committer'],
) {
  const now = new Date()
  const state: DocumentState = {
    websiteId: caller.websiteId,
    type: 'post',
    slug: 'post',
    status: 'draft',
    authorId: caller.keyId,
    publishedAt: null,
    createdAt: now,
    updatedAt: now,
    version: 1,
    data: {},
  }
  await committer.commit({
    documentId: ID,
    websiteId: caller.websiteId,
    version: 1,
    reason: 'create',
    changedBy: caller.keyId,
    state,
    now,
  })
}

/** An update of the document whose data `dataOf` makes from the current document. */
const updateOf = (dataOf: (current: StoredDocument) => StoredDocument['data']): ChangeRequest => ({
  websiteId: caller.websiteId,
  changedBy: caller.keyId,
  documentId: ID,
  plan: async (current, now) => ({
    reason: 'update',
    state: nextState(current, now, { data: dataOf(current) }),
  }),
})

describe('racing writers on a non-atomic store', () => {
  it('when 15 writers patch at once, repeatedly, then the document always ends at the newest version with every change', async () => {
    for (let round = 0; round < 20; round++) {
      const { store, committer, write } = setup()
      await seed(store, committer)
      const writers = 15
      await Promise.all(
        Array.from({ length: writers }, (_, i) =>
          write({
            websiteId: caller.websiteId,
            changedBy: caller.keyId,
            documentId: ID,
            plan: async (current, now) => ({
              reason: 'update',
              state: nextState(current, now, { data: { ...current.data, [`f${i}`]: i } }),
            }),
          }),
        ),
      )
      const final = store.docs.get(ID)!
      expect(final.version).toBe(writers + 1)
      expect(Object.keys(final.data)).toHaveLength(writers)
      expect(final).toEqual({ _id: ID, ...store.records.get(`${ID}:${writers + 1}`)!.state })
      expect(store.records.size).toBe(writers + 1)
    }
  })

  it('when writers race with the same If-Match, then exactly one commits and the others get 412', async () => {
    const { store, committer, write } = setup()
    await seed(store, committer)
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        write({
          websiteId: caller.websiteId,
          changedBy: caller.keyId,
          documentId: ID,
          precondition: preconditionOf('"1"'),
          plan: async (current, now) => ({
            reason: 'update',
            state: nextState(current, now, { data: { n: i } }),
          }),
        }),
      ),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const codes = results.flatMap((result) =>
      result.status === 'rejected' ? [(result.reason as { code: string }).code] : [],
    )
    expect(codes).toEqual(Array(9).fill('PRECONDITION_FAILED'))
    expect(store.docs.get(ID)!.version).toBe(2)
  })

  it('when a change is committed but the document is left behind, then the next writer rolls it forward first', async () => {
    const { store, committer, write } = setup()
    await seed(store, committer)
    const behind = store.docs.get(ID)!
    const { _id, ...state } = behind
    const now = new Date()
    store.records.set(`${ID}:2`, {
      _id: `${ID}:2`,
      documentId: ID,
      websiteId: caller.websiteId,
      version: 2,
      reason: 'update',
      changedBy: 'crashed',
      state: { ...state, data: { crashed: true }, version: 2 },
      event: { eventId: 'e', name: 'entry.update', timestamp: now },
      createdAt: now,
    })
    const result = await write(updateOf((current) => ({ ...current.data, later: true })))
    expect(result.document).toMatchObject({ version: 3, data: { crashed: true, later: true } })
  })

  it('when a settle lands while newer versions are committed, then it walks the document forward to the newest', async () => {
    const { store, committer } = setup()
    await seed(store, committer)
    const { _id, ...base } = store.docs.get(ID)!
    const now = new Date()
    for (const version of [2, 3, 4]) {
      store.records.set(`${ID}:${version}`, {
        _id: `${ID}:${version}`,
        documentId: ID,
        websiteId: caller.websiteId,
        version,
        reason: 'update',
        changedBy: caller.keyId,
        state: { ...base, data: { step: version }, version },
        event: { eventId: `e${version}`, name: 'entry.update', timestamp: now },
        createdAt: now,
      })
    }
    // The document shows version 1, as after a stale write on FerretDB; version 2's writer settles late.
    await committer.settle(store.records.get(`${ID}:2`)!)
    expect(store.docs.get(ID)).toMatchObject({ version: 4, data: { step: 4 } })
  })

  it('when a change commits, then its outbox pointer exists before the version record does', async () => {
    const { store, committer } = setup()
    const inserted: string[] = []
    const insert = store.versions.insert
    store.versions.insert = async (record) => {
      const pointer = store.pointers.get(record.event.eventId)
      inserted.push(pointer?.versionId === record._id ? 'pointer first' : 'record first')
      return insert(record)
    }
    await seed(store, committer)
    expect(inserted).toEqual(['pointer first'])
  })

  it("when a commit loses its race, then its own pointer goes and the winner's stays", async () => {
    const { store, committer } = setup()
    await seed(store, committer)
    const { _id, ...base } = store.docs.get(ID)!
    const change = (step: number) => ({
      documentId: ID,
      websiteId: caller.websiteId,
      version: 2,
      reason: 'update' as const,
      changedBy: caller.keyId,
      state: { ...base, data: { step }, version: 2 },
      now: new Date(),
    })
    expect(await committer.commit(change(1))).toBe('applied')
    expect(await committer.commit(change(2))).toBe('conflict')
    const winner = store.records.get(`${ID}:2`)!
    const left = [...store.pointers.values()].filter((pointer) => pointer.versionId === `${ID}:2`)
    expect(left.map((pointer) => pointer._id)).toEqual([winner.event.eventId])
  })

  it('when the document insert of a committed create fails, then the next change and read still find the document', async () => {
    const { store, committer, write } = setup()
    const insertIfAbsent = store.documents.insertIfAbsent
    store.documents.insertIfAbsent = async () => {
      throw new Error('connection closed')
    }
    await seed(store, committer)
    store.documents.insertIfAbsent = insertIfAbsent
    expect(store.docs.has(ID)).toBe(false)

    const result = await write(updateOf(() => ({ after: true })))
    expect(result.document).toMatchObject({ version: 2, data: { after: true } })
    expect(await committer.findDocument(caller.websiteId, ID)).toMatchObject({ version: 2 })
  })

  it('when a created document was deleted before its records were sent, then a read of it does not bring it back', async () => {
    const { store, committer, write } = setup()
    await seed(store, committer)
    await write({
      websiteId: caller.websiteId,
      changedBy: caller.keyId,
      documentId: ID,
      plan: async (current, now) => ({ reason: 'delete', state: { ...current, updatedAt: now } }),
    })
    expect(store.records.has(`${ID}:1`)).toBe(true)
    expect(await committer.findDocument(caller.websiteId, ID)).toBeNull()
    expect(store.docs.has(ID)).toBe(false)
  })
})
