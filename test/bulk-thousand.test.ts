import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEnv, waitFor } from '@cms/testkit'
import { contentSite, tapEntryEvents } from './content-fixtures.ts'
import type { ContentSite, EventTap } from './content-fixtures.ts'
import { createArticles, finishedJob } from './bulk-kit.ts'

/** The bulk publish of 1,000 documents through the gateway (docs/bulk.md). */
let mongo: MongoClient
let site: ContentSite
let tap: EventTap

beforeAll(async () => {
  mongo = await MongoClient.connect(testEnv().mongoUrl)
  site = await contentSite()
  tap = await tapEntryEvents(site.websiteId)
}, 60_000)

afterAll(async () => {
  await tap?.close()
  await mongo?.close()
})

describe('a bulk publish of 1,000 documents', () => {
  it('bulk: each document is changed through its single call — when 1,000 drafts are published in one bulk request, then each has a done outcome, exactly one publish version, one entry.publish event and one document.publish audit entry', async () => {
    const ids = await createArticles(site.api, 1000)
    const answer = await site.api('POST', '/api/content/bulk', {
      body: { action: 'publish', ids },
    })
    expect(answer.status, answer.text).toBe(202)
    const job = await finishedJob(site.api, answer.body.id, 480_000)
    expect(job).toMatchObject({ total: 1000, done: 1000, succeeded: 1000, failed: 0 })
    expect(job.results.map((result) => result.id)).toEqual(ids)
    expect(
      job.results.every((r) => r.outcome === 'done' && r.status === 200 && r.version === 2),
    ).toBe(true)

    const versions = mongo.db('cms_content').collection('versions')
    const publishes = await versions
      .aggregate([
        { $match: { documentId: { $in: ids }, reason: 'publish' } },
        { $group: { _id: '$documentId', count: { $sum: 1 } } },
      ])
      .toArray()
    expect(publishes).toHaveLength(1000)
    expect(publishes.every((group) => group.count === 1)).toBe(true)

    const wanted = new Set(ids)
    const publishEvents = () =>
      tap
        .events()
        .filter((event) => event.event === 'entry.publish' && wanted.has(event.document.id))
    await waitFor(
      () => (new Set(publishEvents().map((e) => e.document.id)).size === 1000 ? true : undefined),
      { what: '1,000 entry.publish events', timeoutMs: 120_000 },
    )
    const eventIds = new Map<string, Set<string>>()
    for (const event of publishEvents())
      eventIds.set(
        event.document.id,
        (eventIds.get(event.document.id) ?? new Set()).add(event.eventId),
      )
    expect([...eventIds.values()].every((events) => events.size === 1)).toBe(true)

    const entries = mongo.db('cms_audit').collection('audit_entries')
    const audited = () =>
      entries.countDocuments({ 'target.id': { $in: ids }, action: 'document.publish' })
    await waitFor(async () => ((await audited()) >= 1000 ? true : undefined), {
      what: '1,000 audit entries',
      timeoutMs: 120_000,
    })
    const perDocument = await entries
      .aggregate([
        { $match: { 'target.id': { $in: ids }, action: 'document.publish' } },
        { $group: { _id: '$target.id', count: { $sum: 1 } } },
      ])
      .toArray()
    expect(perDocument).toHaveLength(1000)
    expect(perDocument.every((group) => group.count === 1)).toBe(true)
  }, 600_000)
})
