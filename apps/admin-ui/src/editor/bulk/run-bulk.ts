import type { BulkAction, BulkJob } from '@cms/contract'
import type { EditorClient } from '../editor-client.ts'

/** How often a running job (more than 100 documents: 202) is asked for its progress. */
const POLL_MS = 1000

/**
 * `POST /api/content/bulk` with the ids; a job still running is polled at `GET /api/jobs/:id`,
 * each answer handed to `onProgress`, until it is done.
 */
export async function runBulk(options: {
  client: EditorClient
  action: Exclude<BulkAction, 'update'>
  ids: string[]
  onProgress: (job: BulkJob) => void
}): Promise<BulkJob> {
  let job: BulkJob = await options.client.content.bulk({ action: options.action, ids: options.ids })
  options.onProgress(job)
  while (job.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    job = await options.client.content.job(job.id)
    options.onProgress(job)
  }
  return job
}
