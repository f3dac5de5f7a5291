import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { waitFor } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import type { BulkJob } from '@cms/contract'

/** `count` article drafts made through the API, a few at a time; their ids in order. */
export async function createArticles(api: ApiCall, count: number, parallel = 8): Promise<string[]> {
  const ids: string[] = new Array<string>(count)
  let next = 0
  const worker = async () => {
    while (next < count) {
      const index = next++
      const made = await api('POST', '/api/content', {
        body: { type: 'article', data: { title: `Bulk ${index} ${randomUUID().slice(0, 8)}` } },
      })
      expect(made.status, made.text).toBe(201)
      ids[index] = made.body.id
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker))
  return ids
}

/** Polls `GET /api/jobs/:id` until the job is done; its last answer. */
export async function finishedJob(api: ApiCall, id: string, timeoutMs: number): Promise<BulkJob> {
  return waitFor(
    async () => {
      const job = await api('GET', `/api/jobs/${id}`)
      expect(job.status, job.text).toBe(200)
      return job.body.state === 'done' ? (job.body as BulkJob) : undefined
    },
    { what: `bulk job ${id} done`, timeoutMs },
  )
}
