import { performance } from 'node:perf_hooks'
import type { Db } from 'mongodb'
import { jsonClient } from '@cms/testkit'
import type { ApiCall, ApiResponse } from '@cms/testkit'
import { seedDocuments } from './seed-documents.ts'
import type { SeededDocument } from './seed-documents.ts'
import { seedRelated, seedWebsite } from './seed-website.ts'
import type { BenchWebsite } from './seed-website.ts'
import { commandsPerCall, perCallOf, readCommandCounts } from './storage-commands.ts'

/**
 * `GET /api/sync` (issue 35, docs/sync.md): an initial sync of every document a read key sees,
 * and a delta after 100 changes on websites of two sizes, whose storage commands per call must
 * not depend on the size.
 */

interface SyncPage {
  items: unknown[]
  deleted: string[]
  nextPageToken?: string
  nextSyncToken?: string
}

export interface InitialSyncFigures {
  documents: number
  pages: number
  /** The pages' time, without the counter reads between them. */
  seconds: number
  documentsPerSec: number
  /** The content store's request-path commands per page, and by command. */
  commandsPerPage: number
  byCommand: Record<string, number>
  /** Of the first page (it fixes the sync's head), the median page, and the last (it reads the head again). */
  firstPageCommands: number
  medianPageCommands: number
  lastPageCommands: number
}

export interface IncrementalSyncFigures {
  website: string
  /** Documents the read key's initial sync held. */
  documents: number
  changes: number
  calls: number
  commandsPerCall: number
  byCommand: Record<string, number>
}

export interface SyncBench {
  initial: InitialSyncFigures
  incremental: IncrementalSyncFigures[]
}

/** A website as the sync scenarios use it. */
export interface SyncWebsite {
  name: string
  /** The admin key's calls, for the changes. */
  api: ApiCall
  /** The read key's calls, for the syncs. */
  readApi: ApiCall
  /** At least `INCREMENTAL_CHANGES` published documents to change. */
  seeded: readonly SeededDocument[]
}

export const INCREMENTAL_CHANGES = 100
const CHANGES_AT_ONCE = 10
/** The content service's `CHANGE_LOG_GRACE_MS` (its default; the bench stack keeps it). */
const CHANGE_LOG_GRACE_MS = 60_000

/** The bench website and its seeded articles, as the sync scenarios use them. */
export const syncWebsite = (
  name: string,
  gatewayUrl: string,
  site: BenchWebsite,
  seeded: readonly SeededDocument[],
): SyncWebsite => ({
  name,
  api: site.api,
  readApi: jsonClient(gatewayUrl, { 'x-api-key': site.readKey }),
  seeded,
})

/** A second website with just the articles the incremental sync changes. */
export async function seedSmallWebsite(options: {
  gatewayUrl: string
  adminToken: string
  db: Db
}): Promise<SyncWebsite> {
  const site = await seedWebsite({ ...options, name: 'bench-small' })
  const related = await seedRelated(site.api, { people: 1, topics: 1 })
  const seeded = await seedDocuments({
    db: options.db,
    websiteId: site.websiteId,
    authorId: site.adminKeyId,
    count: INCREMENTAL_CHANGES,
    related,
  })
  return syncWebsite('small website', options.gatewayUrl, site, seeded)
}

/**
 * Every page from `start` on, until the one with the `nextSyncToken`; with `metricsUrls`, the
 * content store's request-path commands of each page too.
 */
async function syncPages(readApi: ApiCall, start: string, metricsUrls?: readonly string[]) {
  let path: string | undefined = start
  let documents = 0
  let pages = 0
  let token = ''
  let ms = 0
  const pageCommands: number[] = []
  while (path !== undefined) {
    const before = metricsUrls && (await readCommandCounts(metricsUrls))
    const started = performance.now()
    const answer: ApiResponse<SyncPage> = await readApi<SyncPage>('GET', path)
    ms += performance.now() - started
    if (answer.status !== 200) throw new Error(`sync failed: ${answer.status} ${answer.text}`)
    pages++
    if (metricsUrls && before)
      pageCommands.push(
        perCallOf(before, await readCommandCounts(metricsUrls), 1, 'request').content,
      )
    documents += answer.body.items.length
    if (answer.body.nextSyncToken !== undefined) {
      token = answer.body.nextSyncToken
      path = undefined
    } else path = `/api/sync?syncToken=${answer.body.nextPageToken}`
  }
  return { documents, pages, token, seconds: ms / 1000, pageCommands }
}

/** One website's initial sync, timed and counted, and the token it ends with. */
export async function measureInitialSync(
  site: SyncWebsite,
  metricsUrls: readonly string[],
): Promise<InitialSyncFigures & { token: string }> {
  let synced = { documents: 0, pages: 0, token: '', seconds: 0, pageCommands: [0] }
  const counted = await commandsPerCall(metricsUrls, async () => {
    synced = await syncPages(site.readApi, '/api/sync?initial=true', metricsUrls)
    return synced.pages
  })
  const sorted = [...synced.pageCommands].sort((a, b) => a - b)
  return {
    documents: synced.documents,
    pages: synced.pages,
    seconds: Number(synced.seconds.toFixed(2)),
    documentsPerSec: Math.round(synced.documents / synced.seconds),
    commandsPerPage: counted.request.content,
    byCommand: counted.request.byCommand,
    firstPageCommands: synced.pageCommands[0]!,
    medianPageCommands: sorted[Math.floor(sorted.length / 2)]!,
    lastPageCommands: synced.pageCommands.at(-1)!,
    token: synced.token,
  }
}

/** 100 changes: a PATCH of 100 published documents, 10 at a time. */
async function makeChanges(site: SyncWebsite): Promise<void> {
  const targets = site.seeded.slice(0, INCREMENTAL_CHANGES)
  if (targets.length < INCREMENTAL_CHANGES)
    throw new Error(`${site.name} has fewer than ${INCREMENTAL_CHANGES} documents to change`)
  const change = async (i: number) => {
    const changed = await site.api('PATCH', `/api/content/${targets[i]!.id}`, {
      body: { data: { views: 1_000_000 + i } },
    })
    if (changed.status !== 200) throw new Error(`PATCH failed: ${changed.status} ${changed.text}`)
  }
  for (let i = 0; i < targets.length; i += CHANGES_AT_ONCE)
    await Promise.all(targets.slice(i, i + CHANGES_AT_ONCE).map((_, n) => change(i + n)))
}

/** The delta from `initial.token`, counted. */
async function measureDelta(
  site: SyncWebsite,
  initial: { documents: number; token: string },
  metricsUrls: readonly string[],
): Promise<IncrementalSyncFigures> {
  let delta = { documents: 0, pages: 0 }
  const counted = await commandsPerCall(metricsUrls, async () => {
    delta = await syncPages(site.readApi, `/api/sync?syncToken=${initial.token}`)
    return delta.pages
  })
  if (delta.documents !== INCREMENTAL_CHANGES)
    throw new Error(`the delta of ${site.name} held ${delta.documents} documents`)
  return {
    website: site.name,
    documents: initial.documents,
    changes: INCREMENTAL_CHANGES,
    calls: delta.pages,
    commandsPerCall: counted.request.content,
    byCommand: counted.request.byCommand,
  }
}

/**
 * The initial sync of the bench website; then 100 changes on it and on a small one, and each
 * one's delta once the changes are older than the change log's grace period: a younger change
 * is resolved once more by the delta's head, so how many are young would depend on how fast
 * the machine wrote them (docs/sync.md, "Measured").
 */
export async function measureSync(options: {
  sites: { large: SyncWebsite; small: SyncWebsite }
  metricsUrls: readonly string[]
  log: (line: string) => void
}): Promise<SyncBench> {
  const { sites, metricsUrls, log } = options
  const { token, ...initial } = await measureInitialSync(sites.large, metricsUrls)
  log(`  initial sync: ${JSON.stringify(initial)}`)
  const small = await measureInitialSync(sites.small, metricsUrls)
  await makeChanges(sites.large)
  await makeChanges(sites.small)
  log(`  200 changes made; the deltas in ${CHANGE_LOG_GRACE_MS / 1000 + 1} s`)
  await new Promise((resolve) => setTimeout(resolve, CHANGE_LOG_GRACE_MS + 1000))
  const incremental = [
    await measureDelta(sites.large, { ...initial, token }, metricsUrls),
    await measureDelta(sites.small, small, metricsUrls),
  ]
  for (const figures of incremental) log(`  incremental sync: ${JSON.stringify(figures)}`)
  return { initial, incremental }
}

export function formatSyncBench(bench: SyncBench): string {
  const { initial } = bench
  return [
    `initial sync: ${initial.documents} documents in ${initial.pages} pages, ${initial.seconds} s, ` +
      `${initial.documentsPerSec} documents/s; ${initial.commandsPerPage} storage commands per page ` +
      `(first ${initial.firstPageCommands}, median ${initial.medianPageCommands}, last ${initial.lastPageCommands}) ` +
      JSON.stringify(initial.byCommand),
    ...bench.incremental.map(
      (figures) =>
        `incremental sync after ${figures.changes} changes, ${figures.website} (${figures.documents} documents): ` +
        `${figures.calls} calls, ${figures.commandsPerCall} storage commands per call ${JSON.stringify(figures.byCommand)}`,
    ),
  ].join('\n')
}
