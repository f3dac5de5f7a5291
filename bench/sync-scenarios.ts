import { performance } from 'node:perf_hooks'
import type { Db } from 'mongodb'
import { jsonClient } from '@cms/testkit'
import type { ApiCall, ApiResponse } from '@cms/testkit'
import { BENCH_CHANGE_LOG_GRACE_MS } from './bench-stack.ts'
import { seedDocuments } from './seed-documents.ts'
import type { SeededDocument } from './seed-documents.ts'
import { seedRelated, seedWebsite } from './seed-website.ts'
import type { BenchWebsite } from './seed-website.ts'
import { commandsPerCall, perCallOf, readCommandCounts } from './storage-commands.ts'

/**
 * `GET /api/sync` (issue 35, docs/sync.md): the first pages of an initial sync of the bench
 * website, and a delta after `INCREMENTAL_CHANGES` changes on websites of two sizes, whose
 * storage commands per call must not depend on the size.
 */

interface SyncPage {
  items: unknown[]
  deleted: string[]
  nextPageToken?: string
  nextSyncToken?: string
}

export interface InitialSyncFigures {
  /** Documents and pages read: every page, or the first `BENCH_SYNC_PAGES` of a large website. */
  documents: number
  pages: number
  /** Whether the pages read ended the sync (its last page carries the sync token). */
  complete: boolean
  /** The pages' time, without the counter reads between them. */
  seconds: number
  documentsPerSec: number
  /** The content store's request-path commands per page, and by command. */
  commandsPerPage: number
  byCommand: Record<string, number>
  /** Of the first page (it fixes the sync's head), the median page, and the last read (the sync's last reads the head again). */
  firstPageCommands: number
  medianPageCommands: number
  lastPageCommands: number
}

export interface IncrementalSyncFigures {
  website: string
  /** Documents of the website the read key sees. */
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

/** One page of the delta either way; each change of the large website is a PATCH that scans on FerretDB. */
export const INCREMENTAL_CHANGES = 20
const CHANGES_AT_ONCE = 10
const SMALL_WEBSITE_DOCUMENTS = 100

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
    count: SMALL_WEBSITE_DOCUMENTS,
    related,
  })
  return syncWebsite('small website', options.gatewayUrl, site, seeded)
}

/**
 * Every page from `start` on, until the one with the `nextSyncToken` or `maxPages` of them; with
 * `metricsUrls`, the content store's request-path commands of each page too.
 */
async function syncPages(
  readApi: ApiCall,
  start: string,
  options: { metricsUrls?: readonly string[]; maxPages?: number } = {},
) {
  const { metricsUrls, maxPages = Infinity } = options
  let path: string | undefined = start
  let documents = 0
  let pages = 0
  let token = ''
  let ms = 0
  const pageCommands: number[] = []
  while (path !== undefined && pages < maxPages) {
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

const INITIAL = '/api/sync?initial=true'

/** Where a whole initial sync of a website ends, not measured: its token and its documents. */
export async function syncPosition(
  site: Pick<SyncWebsite, 'readApi'>,
): Promise<{ token: string; documents: number }> {
  const { token, documents } = await syncPages(site.readApi, INITIAL)
  return { token, documents }
}

/** One website's initial sync, or its first `maxPages` pages, timed and counted. */
export async function measureInitialSync(
  site: SyncWebsite,
  metricsUrls: readonly string[],
  maxPages = Infinity,
): Promise<InitialSyncFigures & { token: string }> {
  let synced = { documents: 0, pages: 0, token: '', seconds: 0, pageCommands: [0] }
  const counted = await commandsPerCall(metricsUrls, async () => {
    synced = await syncPages(site.readApi, INITIAL, { metricsUrls, maxPages })
    return synced.pages
  })
  const sorted = [...synced.pageCommands].sort((a, b) => a - b)
  return {
    documents: synced.documents,
    pages: synced.pages,
    complete: synced.token !== '',
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

/** `INCREMENTAL_CHANGES` changes: a PATCH of as many published documents, 10 at a time. */
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
 * The first `initialPages` pages of the bench website's initial sync (each is a scan on FerretDB:
 * 102 pages took 5 minutes at 10,000 documents); then the changes on it and on a small website,
 * and each one's delta once the changes are older than the change log's grace period: a younger
 * change is resolved once more by the delta's head, so how many are young would depend on how
 * fast the machine wrote them (docs/sync.md, "Measured"). The bench website's delta starts from
 * `large.token`, taken before its articles were seeded (they were written to storage, not through
 * the change log) and after nothing else changed it.
 */
export async function measureSync(options: {
  sites: { large: SyncWebsite; small: SyncWebsite }
  /** The bench website's sync token before its articles, and its documents now. */
  large: { token: string; documents: number }
  initialPages: number
  metricsUrls: readonly string[]
  log: (line: string) => void
}): Promise<SyncBench> {
  const { sites, metricsUrls, log } = options
  const { token: _, ...initial } = await measureInitialSync(
    sites.large,
    metricsUrls,
    options.initialPages,
  )
  log(`  initial sync: ${JSON.stringify(initial)}`)
  const small = await measureInitialSync(sites.small, metricsUrls)
  await makeChanges(sites.large)
  await makeChanges(sites.small)
  const waitMs = BENCH_CHANGE_LOG_GRACE_MS + 1000
  log(`  ${2 * INCREMENTAL_CHANGES} changes made; the deltas in ${waitMs / 1000} s`)
  await new Promise((resolve) => setTimeout(resolve, waitMs))
  const incremental = [
    await measureDelta(sites.large, options.large, metricsUrls),
    await measureDelta(sites.small, small, metricsUrls),
  ]
  for (const figures of incremental) log(`  incremental sync: ${JSON.stringify(figures)}`)
  return { initial, incremental }
}

export function formatSyncBench(bench: SyncBench): string {
  const { initial } = bench
  return [
    `initial sync${initial.complete ? '' : ', first pages'}: ${initial.documents} documents in ${initial.pages} pages, ${initial.seconds} s, ` +
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
