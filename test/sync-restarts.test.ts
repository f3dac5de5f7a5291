import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCmsClient } from '@cms/client'
import type { ChangeEvent } from '@cms/client'
import { waitFor } from '@cms/testkit'
import { expectStatus } from './content-fixtures.ts'
import { startFaultStack } from './resilience-kit.ts'
import type { FaultSite, FaultStack } from './resilience-kit.ts'
import { deltaOf, essence, fullList, random, sorted, syncInto, writer } from './sync-kit.ts'
import type { SyncedCopy } from './sync-kit.ts'

/**
 * The model of sync-model.test.ts and changes-model.test.ts across restarts, on a stack of its
 * own: the content writer is killed under writes, RabbitMQ is stopped and started. A claim the
 * kill cuts short holds the log for the grace period (docs/sync.md), shortened here to 3 s.
 */
const GRACE_MS = 3000
let faults: FaultStack

beforeAll(async () => {
  const grace = { CHANGE_LOG_GRACE_MS: String(GRACE_MS) }
  faults = await startFaultStack('sync-restarts', { 'content-write': grace, 'content-read': grace })
}, 240_000)
afterAll(async () => {
  await faults?.stop()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A website's draft view kept twice: by sync deltas, and by a `@cms/client` stream (from the
 * log's start) whose events make the client read each document again.
 */
async function openModel(seed: number) {
  const site: FaultSite = await faults.website()
  const write = writer(site, random(seed))
  let synced: SyncedCopy = await syncInto(site.api, '/api/sync?initial=true&draft=true')
  const abort = new AbortController()
  const client = createCmsClient({ baseUrl: faults.gatewayUrl, apiKey: site.adminKey })
  const events: ChangeEvent[] = []
  const iterating = (async () => {
    for await (const change of client.changes.stream(
      { draft: true, since: 0 },
      { signal: abort.signal, reconnectDelayMs: 200 },
    ))
      events.push(change)
  })()
  const streamed = new Map<string, ReturnType<typeof essence>>()
  let applied = 0

  return {
    site,
    async writes(count: number) {
      for (let n = 0; n < count; n++) await write()
    },
    /** After a delta sync the copy equals the full list. */
    async expectSyncedCopy(what: string) {
      synced = await deltaOf(site.api, synced)
      expect(sorted(synced.docs), what).toEqual(sorted(await fullList(site.api, '&draft=true')))
    },
    /** Once a marker's create has arrived, the copy the events built equals the full list. */
    async expectStreamedCopy(what: string) {
      const marker = await expectStatus(
        site.api('POST', '/api/content', { body: { type: 'article', data: { title: 'marker' } } }),
        201,
      )
      await waitFor(
        () => (events.some((event) => event.documentId === marker.body.id) ? true : undefined),
        { timeoutMs: 60_000, what: `the marker's event ${what} (${events.length} events)` },
      )
      const dirty = new Set<string>()
      for (const event of events.slice(applied)) {
        if (event.deleted) {
          dirty.delete(event.documentId)
          streamed.delete(event.documentId)
        } else dirty.add(event.documentId)
      }
      applied = events.length
      for (const id of dirty) {
        const read = await site.api('GET', `/api/content/${id}?draft=true`)
        if (read.status === 404) streamed.delete(id)
        else streamed.set(id, essence((await expectStatus(read, 200)).body))
      }
      const seqs = events.map((event) => event.seq)
      expect(seqs, `no seq twice, in order ${what}`).toEqual(
        [...new Set(seqs)].sort((a, b) => a - b),
      )
      expect(sorted(streamed), what).toEqual(sorted(await fullList(site.api, '&draft=true')))
    },
    async close() {
      abort.abort()
      await iterating
    },
  }
}

describe('sync and the live stream across restarts', () => {
  it("sync: applying every page in order yields a full list at the token — when the content writer is SIGKILLed while random writes are in flight and started again, with a @cms/client stream open, then the synced copy equals the full list and the stream's copy equals it once caught up", async () => {
    const model = await openModel(351)
    const writerProcess = faults.stack.services.processes['content-write']
    await model.writes(10)
    await model.expectSyncedCopy('before the kill')
    // Creates whose answers the kill may cut off: each either committed or not, never half.
    let answered = 0
    const burst = Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        model.site
          .api('POST', '/api/content', {
            body: { type: 'article', data: { title: `in flight ${n}` } },
          })
          .then(() => answered++)
          .catch(() => undefined),
      ),
    )
    await waitFor(() => (answered > 0 ? true : undefined), { what: 'a first answer of the burst' })
    await writerProcess.kill()
    await burst
    await writerProcess.start()
    await model.writes(10)
    // A seq claimed by a killed write is pending until it is GRACE_MS old.
    await sleep(GRACE_MS + 500)
    await model.expectSyncedCopy('after the writer restarted')
    await model.expectStreamedCopy('after the writer restarted')
    await model.expectSyncedCopy('after the marker')
    await model.close()
  }, 120_000)

  it("changes: the stream's copy equals a full list — when RabbitMQ is stopped while random writes go on and started again, with a @cms/client stream open, then the synced copy equals the full list while it is down and after, and the stream's copy equals it once caught up", async () => {
    const model = await openModel(352)
    const broker = faults.stack.backends.amqp.control!
    await model.writes(8)
    await model.expectStreamedCopy('before the broker stopped')
    await broker.stop()
    await model.writes(8)
    await model.expectSyncedCopy('while the broker is down')
    await broker.start()
    await model.writes(8)
    await model.expectSyncedCopy('after the broker restarted')
    await model.expectStreamedCopy('after the broker restarted')
    await model.close()
  }, 120_000)
})
