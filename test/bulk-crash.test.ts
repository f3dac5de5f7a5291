import { randomUUID } from 'node:crypto'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '@cms/testkit'
import { startFaultStack } from './resilience-kit.ts'
import type { FaultStack } from './resilience-kit.ts'
import { createArticles, finishedJob } from './bulk-kit.ts'

/**
 * The content writer killed with SIGKILL in the middle of a bulk job (docs/bulk.md, "Crashes"):
 * after its restart the job is resumed at its first unrecorded batch, a retry with the same
 * Idempotency-Key lands on the same job, and no document is changed twice.
 */
let faults: FaultStack
let mongo: MongoClient

const COUNT = 240

beforeAll(async () => {
  faults = await startFaultStack('bulk-crash', {
    'content-write': { BULK_JOB_LEASE_MS: '1500', BULK_JOB_POLL_MS: '300' },
  })
  mongo = await MongoClient.connect(faults.mongoUrl)
}, 180_000)

afterAll(async () => {
  await mongo?.close()
  await faults?.stop()
})

describe('the content writer killed in the middle of a bulk job', () => {
  it('bulk: a crashed job is resumed, never repeated — when the content writer is killed while a bulk publish runs and a retry with the same Idempotency-Key follows its restart, then the retry names the same job, which finishes with every document done, each with one publish version, one delivered entry.publish and one audit entry, and a job past its retention is swept', async () => {
    const site = await faults.website()
    const writer = faults.stack.services.processes['content-write']
    const ids = await createArticles(site.api, COUNT)
    const request = {
      body: { action: 'publish', ids },
      headers: { 'Idempotency-Key': randomUUID() },
    }
    const started = await site.api('POST', '/api/content/bulk', request)
    expect(started.status, started.text).toBe(202)
    const jobId = started.body.id as string

    const content = mongo.db('cms_content')
    // Documents published by the job against outcomes recorded: the kill falls where some
    // changes landed whose outcomes are not recorded yet.
    const progress = async () => {
      const batches = await content.collection('bulk_job_results').find({ jobId }).toArray()
      const recorded = batches.reduce((sum, batch) => sum + batch.results.length, 0)
      const published = await content
        .collection('versions')
        .countDocuments({ documentId: { $in: ids }, reason: 'publish' })
      return { recorded, published }
    }
    await waitFor(
      async () => {
        const { recorded, published } = await progress()
        return recorded > 0 && published > recorded ? true : undefined
      },
      { what: 'a batch under way after the first recorded one', timeoutMs: 60_000, intervalMs: 10 },
    )
    await writer.kill()
    const atKill = await progress()
    expect(atKill.recorded, 'the job finished before the kill').toBeLessThan(COUNT)
    expect(atKill.published, 'changes landed whose outcomes were not recorded').toBeGreaterThan(
      atKill.recorded,
    )
    // A job past its retention (7 days), as a writer that started long ago left it.
    const old = { _id: randomUUID(), websiteId: site.websiteId, state: 'done', ids: [] }
    await content
      .collection<{ _id: string; [member: string]: unknown }>('bulk_jobs')
      .insertOne({ ...old, createdAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
    await content
      .collection<{ _id: string; [member: string]: unknown }>('bulk_job_results')
      .insertOne({ _id: `${old._id}:0`, jobId: old._id, batch: 0, results: [] })
    await writer.start()

    const retried = await site.api('POST', '/api/content/bulk', request)
    expect([200, 202], retried.text).toContain(retried.status)
    expect(retried.body.id).toBe(jobId)
    const job = await finishedJob(site.api, jobId, 120_000)
    expect(job).toMatchObject({ total: COUNT, done: COUNT, succeeded: COUNT, failed: 0 })
    expect(job.results.map((result) => result.id)).toEqual(ids)
    expect(job.results.every((r) => r.outcome === 'done' && r.version === 2)).toBe(true)

    const swept = content.collection<{ _id: string; [member: string]: unknown }>('bulk_jobs')
    expect(await swept.countDocuments({ _id: old._id })).toBe(0)
    expect(await content.collection('bulk_job_results').countDocuments({ jobId: old._id })).toBe(0)
    const runs = await content.collection('bulk_job_runs').countDocuments({ jobId })
    expect(runs, 'the job was claimed again after the kill').toBeGreaterThan(1)
    const publishes = await content
      .collection('versions')
      .aggregate([
        { $match: { documentId: { $in: ids }, reason: 'publish' } },
        { $group: { _id: '$documentId', count: { $sum: 1 } } },
      ])
      .toArray()
    expect(publishes).toHaveLength(COUNT)
    expect(publishes.every((group) => group.count === 1)).toBe(true)

    const entries = mongo.db('cms_audit').collection('audit_entries')
    const match = { 'target.id': { $in: ids }, action: 'document.publish' }
    await waitFor(async () => ((await entries.countDocuments(match)) >= COUNT ? true : undefined), {
      what: 'an audit entry per document',
      timeoutMs: 60_000,
    })
    const audited = await entries
      .aggregate([{ $match: match }, { $group: { _id: '$target.id', count: { $sum: 1 } } }])
      .toArray()
    expect(audited).toHaveLength(COUNT)
    expect(audited.every((group) => group.count === 1)).toBe(true)

    const published = () =>
      new Set(
        faults.receiver.requests
          .map((delivery) => delivery.json())
          .filter((body) => body.event === 'entry.publish' && ids.includes(body.document?.id))
          .map((body) => body.document.id as string),
      )
    await waitFor(() => (published().size === COUNT ? true : undefined), {
      what: 'an entry.publish delivery per document',
      timeoutMs: 120_000,
    })
  }, 420_000)
})
