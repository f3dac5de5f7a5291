import { performance } from 'node:perf_hooks'
import type { ApiCall } from '@cms/testkit'
import { MAX_BULK_DOCUMENTS } from '@cms/contract'
import { commandsPerCall } from './storage-commands.ts'

/**
 * Bulk publish (issue 38, docs/bulk.md): drafts published by one `POST /api/content/bulk` per
 * 1,000, polled until done, beside as many drafts published one `POST .../publish` at a time
 * (four at once, as the bulk runner does), in the same run on the same website.
 */

export interface PublishFigures {
  documents: number
  seconds: number
  documentsPerSec: number
  /** The content service's storage commands per document: request path and background. */
  commandsPerDocument: number
  /** The same by `<command> <collection>`, request path only. */
  byCommand: Record<string, number>
}

export interface BulkBench {
  bulk: PublishFigures
  single: PublishFigures
}

const PARALLEL = 4
const POLL_MS = 500

async function pooled(count: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < count) await work(next++)
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker))
}

async function drafts(api: ApiCall, count: number, label: string): Promise<string[]> {
  const ids: string[] = new Array<string>(count)
  await pooled(count, async (index) => {
    const made = await api('POST', '/api/content', {
      body: { type: 'article', data: { title: `${label} ${index}` } },
    })
    if (made.status !== 201) throw new Error(`create: ${made.status} ${made.text}`)
    ids[index] = made.body.id
  })
  return ids
}

async function bulkPublish(api: ApiCall, ids: readonly string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += MAX_BULK_DOCUMENTS) {
    const chunk = ids.slice(start, start + MAX_BULK_DOCUMENTS)
    const answer = await api('POST', '/api/content/bulk', {
      body: { action: 'publish', ids: chunk },
    })
    if (answer.status !== 200 && answer.status !== 202)
      throw new Error(`bulk: ${answer.status} ${answer.text}`)
    let job = answer.body
    while (job.state !== 'done') {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      job = (await api('GET', `/api/jobs/${job.id}`)).body
    }
    if (job.failed > 0) throw new Error(`bulk: ${job.failed} documents failed`)
  }
}

async function measure(
  metricsUrls: readonly string[],
  count: number,
  publish: () => Promise<void>,
  drained: () => Promise<unknown>,
): Promise<PublishFigures> {
  let seconds = 0
  const { request, background } = await commandsPerCall(metricsUrls, async () => {
    const start = performance.now()
    await publish()
    seconds = (performance.now() - start) / 1000
    // The events' relay counts too (background), but not in the time.
    await drained()
    return count
  })
  return {
    documents: count,
    seconds: Number(seconds.toFixed(2)),
    documentsPerSec: Number((count / seconds).toFixed(1)),
    commandsPerDocument: Number((request.content + background.content).toFixed(2)),
    byCommand: request.byCommand,
  }
}

export async function measureBulk(options: {
  api: ApiCall
  metricsUrls: readonly string[]
  documents: number
  /** Waits until the events of earlier writes are sent, so they do not count as the publishes'. */
  drained: () => Promise<unknown>
  log: (line: string) => void
}): Promise<BulkBench> {
  const { api, metricsUrls, documents, log } = options
  log(`bulk: creating 2 x ${documents} drafts`)
  const forSingle = await drafts(api, documents, 'single publish')
  const forBulk = await drafts(api, documents, 'bulk publish')
  const { drained } = options
  await drained()
  const single = await measure(
    metricsUrls,
    documents,
    () =>
      pooled(documents, async (index) => {
        const answer = await api('POST', `/api/content/${forSingle[index]}/publish`)
        if (answer.status !== 200) throw new Error(`publish: ${answer.status} ${answer.text}`)
      }),
    drained,
  )
  const bulk = await measure(metricsUrls, documents, () => bulkPublish(api, forBulk), drained)
  return { bulk, single }
}

export const formatBulkBench = ({ bulk, single }: BulkBench): string =>
  [
    `bulk publish of ${bulk.documents}: ${bulk.documentsPerSec} documents/s (${bulk.seconds} s), ${bulk.commandsPerDocument} storage commands per document`,
    `${single.documents} single publishes, ${PARALLEL} at once: ${single.documentsPerSec} documents/s (${single.seconds} s), ${single.commandsPerDocument} storage commands per document`,
  ].join('\n')
