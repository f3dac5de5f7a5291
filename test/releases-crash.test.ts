import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '@cms/testkit'
import { startFaultStack } from './resilience-kit.ts'
import type { FaultStack } from './resilience-kit.ts'
import { draftOf, releaseOf } from './releases-kit.ts'

/**
 * The content writer killed with SIGKILL in the middle of applying a release (docs/releases.md,
 * "Crash"): public reads keep seeing none of it while it is dead, and after its restart the
 * apply is resumed and finished with every entry applied once and one release.publish event.
 */
const SIZE = 60

let faults: FaultStack
let mongo: MongoClient

beforeAll(async () => {
  faults = await startFaultStack('releases-crash')
  mongo = await MongoClient.connect(faults.mongoUrl)
}, 180_000)

afterAll(async () => {
  await mongo?.close()
  await faults?.stop()
})

describe('a release whose writer dies while applying it', () => {
  it('releases: an apply cut short is resumed and finished — when the content writer is killed with SIGKILL in the middle of a 60-document release, then public reads show none of it while it is down, and after its restart every document is published exactly once and one release.publish event lists all 60', async () => {
    const site = await faults.website()
    const hook = await site.api('POST', '/api/webhooks', {
      body: { url: `${faults.receiver.url}/releases`, events: ['release.publish'] },
    })
    expect(hook.status, hook.text).toBe(201)
    const ids: string[] = []
    for (let start = 0; start < SIZE; start += 10)
      ids.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            draftOf(site.api, 'article', `A ${start + index}`),
          ),
        )),
      )
    const release = await releaseOf(
      site.api,
      'Interrupted',
      ids.map((documentId) => ({ documentId, action: 'publish' as const })),
    )
    const versions = mongo.db('cms_content').collection('versions')
    const publishedSoFar = () =>
      versions.countDocuments({ documentId: { $in: ids }, reason: 'publish' })

    const writer = faults.stack.services.processes['content-write']
    const answer = site.api('POST', `/api/releases/${release.id}/publish`).catch((error) => error)
    const cutAt = await waitFor(
      async () => {
        const count = await publishedSoFar()
        return count >= 3 ? count : undefined
      },
      { what: 'the apply under way', timeoutMs: 60_000, intervalMs: 10 },
    )
    await writer.kill()
    await answer
    const before = await publishedSoFar()
    console.info(
      `[releases-crash] killed the writer with ${before} of ${SIZE} entries applied (${cutAt} seen)`,
    )
    expect(cutAt).toBeLessThan(SIZE)
    expect(before).toBeLessThan(SIZE)

    const stored = await mongo
      .db('cms_content')
      .collection('releases')
      .findOne({ _id: release.id as never })
    expect(stored?.state).toBe('publishing')
    // The read pool is up: its answer waits for the release, then says to come back.
    const meanwhile = await site.api('GET', '/api/content?type=article&pagination[pageSize]=100')
    expect(meanwhile.status, meanwhile.text).toBe(503)

    await writer.start()
    const done = await waitFor(
      async () => {
        const shown = await site.api('GET', `/api/releases/${release.id}`)
        return shown.body.state === 'published' ? shown.body : undefined
      },
      { what: 'the release finished after the restart', timeoutMs: 120_000, intervalMs: 500 },
    )
    expect(done.entries).toHaveLength(SIZE)
    const perDocument = await versions
      .aggregate<{ _id: string; count: number }>([
        { $match: { documentId: { $in: ids }, reason: 'publish' } },
        { $group: { _id: '$documentId', count: { $sum: 1 } } },
      ])
      .toArray()
    expect(perDocument).toHaveLength(SIZE)
    expect(perDocument.every((document) => document.count === 1)).toBe(true)

    const listed = await site.api('GET', '/api/content?type=article&pagination[pageSize]=100')
    expect(listed.status).toBe(200)
    expect(listed.body.docs).toHaveLength(SIZE)
    const events = await waitFor(
      () => {
        const byDelivery = new Map<string, any>()
        for (const request of faults.receiver.requests) {
          const body = request.json()
          if (body.event === 'release.publish' && body.release?.id === release.id)
            byDelivery.set(String(request.headers['x-webhook-id']), body)
        }
        return byDelivery.size > 0 ? [...byDelivery.values()] : undefined
      },
      { what: 'the release.publish event', timeoutMs: 30_000 },
    )
    expect(events).toHaveLength(1)
    expect(events[0].documents.map((document: { id: string }) => document.id)).toEqual(ids)
  }, 420_000)
})
