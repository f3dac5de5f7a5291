import { randomUUID } from 'node:crypto'
import { MongoClient } from 'mongodb'
import type { Db } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '@cms/logger'
import { testEnv } from '@cms/testkit'
import { createMediaStore } from '../src/media/media-store.ts'
import { createOrphanSweep } from '../src/media/orphan-sweep.ts'
import { createPendingBytes } from '../src/media/pending-bytes.ts'

/**
 * What killed uploads, deletes and transforms leave in GridFS, written with the real driver by
 * a client that is then closed the hard way, and what the sweep removes of it.
 */
const ORPHAN_AFTER_MS = 60_000
const CHUNK = 255 * 1024
let client: MongoClient
let db: Db

beforeAll(async () => {
  client = new MongoClient(testEnv().mongoUrl)
  db = client.db(`cms_content_test_${randomUUID().slice(0, 8)}`)
  await createMediaStore(db).ensureIndexes()
  await createPendingBytes(db).ensureIndexes()
})
afterAll(async () => {
  await db?.dropDatabase()
  await client?.close()
})

const chunksOf = (id: string) => db.collection('fs.chunks').countDocuments({ files_id: id })
const fileOf = (id: string) => db.collection('fs.files').findOne({ _id: id as never })
const allChunks = () => db.collection('fs.chunks').countDocuments()

/** A process that writes `bytes` of a GridFS file (ending it or not) and then dies. */
async function dyingWriter(
  writes: Array<{ id: string; bytes: number; complete: boolean; mediaId?: string }>,
): Promise<void> {
  const dying = new MongoClient(testEnv().mongoUrl)
  const store = createMediaStore(dying.db(db.databaseName))
  for (const write of writes) {
    const stream = store.openUpload(write.id, 'f.bin', {
      mimeType: 'image/png',
      ...(write.mediaId && { mediaId: write.mediaId }),
    })
    await new Promise<void>((resolve, reject) => {
      stream.write(Buffer.alloc(write.bytes, 7), (error) => (error ? reject(error) : resolve()))
    })
    if (write.complete) await new Promise<void>((resolve) => stream.end(() => resolve()))
    const full = Math.floor(write.bytes / CHUNK) + (write.complete && write.bytes % CHUNK ? 1 : 0)
    for (let i = 0; i < 100 && (await chunksOf(write.id)) < full; i++)
      await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await dying.close(true)
}

describe('the media orphan sweep', () => {
  it('when uploads, a delete and a transform died half-way, then a sweep removes their chunks once they are old, and keeps whatever has a record or is still being written', async () => {
    const store = createMediaStore(db)
    const pending = createPendingBytes(db)
    const now = Date.now()
    const longAgo = new Date(now - 3_600_000)
    const [midStream, beforeRecord, completed, deleted, fresh] = Array.from({ length: 5 }, () =>
      randomUUID(),
    )
    const variant = `${completed}~w100-cover-webp-q80`
    for (const id of [midStream, beforeRecord, completed, deleted]) await pending.mark(id!, longAgo)
    await pending.mark(fresh!, new Date(now + 3_600_000))
    await dyingWriter([
      { id: midStream!, bytes: 3 * CHUNK + 10, complete: false },
      { id: beforeRecord!, bytes: CHUNK + 10, complete: true },
      { id: completed!, bytes: 2 * CHUNK, complete: true },
      { id: deleted!, bytes: CHUNK + 10, complete: true },
      { id: fresh!, bytes: 2 * CHUNK, complete: false },
      { id: variant, bytes: CHUNK + 10, complete: false, mediaId: completed },
    ])
    await store.insert({
      _id: completed!,
      websiteId: randomUUID(),
      filename: 'f.bin',
      mimeType: 'image/png',
      size: 2 * CHUNK,
      width: 1,
      height: 1,
      alt: null,
      caption: null,
      sha256: '0'.repeat(64),
      createdAt: longAgo,
      updatedAt: longAgo,
    })
    await db
      .collection('media_variant_claims')
      .insertOne({ _id: variant as never, claimedAt: longAgo })
    expect(await fileOf(midStream!)).toBeNull()
    const counts = {
      midStream: await chunksOf(midStream!),
      beforeRecord: await chunksOf(beforeRecord!),
      deleted: await chunksOf(deleted!),
      variant: await chunksOf(variant),
    }
    expect(counts).toEqual({ midStream: 3, beforeRecord: 2, deleted: 2, variant: 1 })
    const before = await allChunks()

    const sweepAt = (at: number) =>
      createOrphanSweep({
        store,
        pending,
        clock: () => new Date(at),
        logger: createLogger({ service: 'test', level: 'silent' }),
        everyMs: 60_000,
        orphanAfterMs: ORPHAN_AFTER_MS,
      }).sweep()

    // Now: every mark is old, but their files got chunks a moment ago (uploads still streaming);
    // the dead transform's claim is taken over and its chunks go.
    expect(await sweepAt(now)).toEqual({ files: 0, variants: 1 })
    expect(await allChunks()).toBe(before - counts.variant)
    expect(await chunksOf(variant)).toBe(0)

    // A minute later nothing was written: the record-less files go, with their chunks.
    expect(await sweepAt(now + ORPHAN_AFTER_MS + 5000)).toEqual({ files: 3, variants: 0 })
    expect(await allChunks()).toBe(
      before - counts.variant - counts.midStream - counts.beforeRecord - counts.deleted,
    )
    for (const id of [midStream, beforeRecord, deleted]) {
      expect(await chunksOf(id!)).toBe(0)
      expect(await fileOf(id!)).toBeNull()
    }
    expect(await chunksOf(completed!)).toBe(2)
    expect(await chunksOf(fresh!)).toBe(2)
    const marks = await db.collection('media_pending').find().toArray()
    expect(marks.map((mark) => mark._id)).toEqual([fresh])
    expect(await db.collection('media_variant_claims').countDocuments()).toBe(0)
  })
})
