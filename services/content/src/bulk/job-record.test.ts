import { describe, expect, it } from 'vitest'
import { BATCH_SIZE, batchCount, batchIds, jobAnswer } from './job-record.ts'
import type { StoredBatch, StoredJob } from './job-record.ts'

const ids = Array.from({ length: BATCH_SIZE + 3 }, (_, i) => `doc-${i}`)
const job: StoredJob = {
  _id: 'job',
  websiteId: 'w',
  action: 'publish',
  ids,
  caller: { websiteId: 'w', keyId: 'k', permissions: {} },
  state: 'running',
  createdAt: new Date('2026-01-01T00:00:00Z'),
}
const batch = (n: number, outcome: 'done' | 'failed'): StoredBatch => ({
  _id: `job:${n}`,
  jobId: 'job',
  websiteId: 'w',
  batch: n,
  results: batchIds(job, n).map((id) => ({ id, outcome, status: outcome === 'done' ? 200 : 404 })),
})

describe('bulk job records', () => {
  it('when a job is cut into batches, then every id is in exactly one, in order', () => {
    expect(batchCount(job)).toBe(2)
    expect([...batchIds(job, 0), ...batchIds(job, 1)]).toEqual(ids)
    expect(batchIds(job, 1)).toHaveLength(3)
  })

  it('when batches are recorded out of order, then the answer lists results in the job order and counts them', () => {
    const answer = jobAnswer(job, [batch(1, 'failed'), batch(0, 'done')])
    expect(answer.results.map((result) => result.id)).toEqual(ids)
    expect(answer).toMatchObject({ done: ids.length, succeeded: BATCH_SIZE, failed: 3 })
    expect(jobAnswer(job, [])).toMatchObject({ state: 'running', done: 0, total: ids.length })
  })
})
