import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { testEnv, waitFor } from '@cms/testkit'
import { defineSchema, newCaller, startContent, tapEvents, withDb } from './in-process.ts'
import type { InProcessContent, Tap } from './in-process.ts'

/**
 * Several content-write instances on one database, each with its schedule runner: a schedule
 * runs once whichever instances are up, and one due while no instance ran runs at start.
 */
const started: InProcessContent[] = []
const taps: Tap[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((instance) => instance.stop()))
  await Promise.all(taps.splice(0).map((tap) => tap.close()))
})

async function instance(dbName: string, caller: ReturnType<typeof newCaller>) {
  const content = await startContent({ dbName, caller })
  started.push(content)
  return content
}

async function scheduledDraft(content: InProcessContent, inMs: number) {
  const created = await content.api('POST', '/api/content', {
    body: { type: 'post', data: { title: `Scheduled ${randomUUID().slice(0, 6)}` } },
  })
  expect(created.status).toBe(201)
  const id = created.body.id as string
  const at = new Date(Date.now() + inMs)
  const made = await content.api('POST', `/api/content/${id}/schedule`, {
    body: { action: 'publish', at: at.toISOString() },
  })
  expect(made.status).toBe(201)
  return { id, at }
}

const publishVersions = (dbName: string, id: string) =>
  withDb(dbName, (db) =>
    db.collection('versions').countDocuments({ documentId: id, reason: 'publish' }),
  )

describe('schedules across content-write instances', () => {
  it('when three instances run the same due schedule, then it is published once, with one entry.publish event id', async () => {
    const caller = newCaller()
    await defineSchema(caller)
    const dbName = `cms_content_test_${randomUUID().slice(0, 8)}`
    const instances = [
      await instance(dbName, caller),
      await instance(dbName, caller),
      await instance(dbName, caller),
    ]
    const tap = await tapEvents(testEnv().amqpUrl, caller.websiteId)
    taps.push(tap)
    const { id } = await scheduledDraft(instances[0]!, 1500)
    await waitFor(
      async () => {
        const read = await instances[1]!.api('GET', `/api/content/${id}?draft=true`)
        return read.body.status === 'published' ? true : undefined
      },
      { timeoutMs: 15_000, what: 'the scheduled publish' },
    )
    await new Promise((resolve) => setTimeout(resolve, 2000))
    expect(await publishVersions(dbName, id)).toBe(1)
    const published = tap
      .events()
      .filter((e) => e.event === 'entry.publish' && e.document.id === id)
    // Every instance's relay may send a pending event (at least once); it is one event, one id,
    // which consumers deduplicate on.
    expect(new Set(published.map((event) => event.eventId)).size).toBe(1)
  })

  it('when no instance runs at the time and one starts after it, then the schedule is published once at start', async () => {
    const caller = newCaller()
    await defineSchema(caller)
    const dbName = `cms_content_test_${randomUUID().slice(0, 8)}`
    const first = await instance(dbName, caller)
    const { id, at } = await scheduledDraft(first, 1000)
    await first.stop()
    started.splice(started.indexOf(first), 1)
    await new Promise((resolve) => setTimeout(resolve, at.getTime() - Date.now() + 1000))
    const later = await instance(dbName, caller)
    await waitFor(
      async () => {
        const read = await later.api('GET', `/api/content/${id}?draft=true`)
        return read.body.status === 'published' ? true : undefined
      },
      { timeoutMs: 15_000, what: 'the publish at start-up' },
    )
    expect(await publishVersions(dbName, id)).toBe(1)
  })

  it('when a run was claimed by an instance that died, then another runs it once its lease is over, and only once', async () => {
    const caller = newCaller()
    await defineSchema(caller)
    const dbName = `cms_content_test_${randomUUID().slice(0, 8)}`
    const first = await instance(dbName, caller)
    const { id } = await scheduledDraft(first, 60_000)
    await first.stop()
    started.splice(started.indexOf(first), 1)
    // The schedule is due, and a dead instance's claim of its first run has outlived its lease.
    await withDb(dbName, async (db) => {
      const schedule = await db.collection('schedules').findOne({ documentId: id })
      await db
        .collection('schedules')
        .updateOne({ _id: schedule!._id }, { $set: { at: new Date() } })
      await db.collection('schedule_runs').insertOne({
        _id: `${schedule!.scheduleId}:1` as never,
        scheduleId: schedule!.scheduleId,
        attempt: 1,
        createdAt: new Date(Date.now() - 31_000),
      })
    })
    const [a, b] = [await instance(dbName, caller), await instance(dbName, caller)]
    await waitFor(
      async () => {
        const read = await a.api('GET', `/api/content/${id}?draft=true`)
        return read.body.status === 'published' ? true : undefined
      },
      { timeoutMs: 15_000, what: 'the publish after the lease' },
    )
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await publishVersions(dbName, id)).toBe(1)
    expect((await b.api('GET', `/api/content/${id}/schedule`)).body.docs).toEqual([])
  })
})
