import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import process from 'node:process'
import { MongoClient } from 'mongodb'
import type { Collection } from 'mongodb'
import { startFerretdb, storageKind } from '@cms/stack'
import type { Backend } from '@cms/stack'

/**
 * The figures behind the README's "Choosing the storage": the content service's list (first
 * page sorted by update time, plus the total count, as `documents.page` sends them) and its
 * update by id (`replaceOne({_id})`) on a collection of 1,000 and of 10,000 documents, through
 * the driver. FerretDB is started on 127.0.0.1 in a folder of its own unless MONGO_URL names a
 * server. Bounded: 11,000 inserts, RUNS timed calls per figure.
 *
 *   npx tsx scripts/storage-figures.ts
 */
const SIZES = [1000, 10_000]
const RUNS = 5
const WEBSITE = 'storage-figures'

interface StoredDocument {
  _id: string
  websiteId: string
  type: string
  status: string
  slug: string
  version: number
  data: { title: string; body: string }
  createdAt: Date
  updatedAt: Date
}

const documentOf = (i: number): StoredDocument => {
  const at = new Date(Date.UTC(2026, 0, 1) + i * 1000)
  return {
    _id: randomUUID(),
    websiteId: WEBSITE,
    type: 'article',
    status: i % 2 ? 'published' : 'draft',
    slug: `article-${i}`,
    version: 1,
    data: { title: `Article ${i}`, body: 'lorem ipsum dolor sit amet '.repeat(20) },
    createdAt: at,
    updatedAt: at,
  }
}

async function median(run: (i: number) => Promise<unknown>): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    await run(i)
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!
}

async function measure(collection: Collection<StoredDocument>, ids: string[]) {
  const filter = { websiteId: WEBSITE, type: 'article', status: 'published' }
  const firstPage = () =>
    collection.find(filter).sort({ updatedAt: -1, _id: -1 }).limit(20).toArray()
  const page = await median(firstPage)
  const list = await median(() => Promise.all([firstPage(), collection.countDocuments(filter)]))
  const update = await median(async (i) => {
    const id = ids[(i * 7919) % ids.length]!
    const current = await collection.findOne({ _id: id })
    await collection.replaceOne(
      { _id: id },
      { ...current!, version: current!.version + 1, updatedAt: new Date() },
    )
  })
  return { page, list, update }
}

const dataDir = mkdtempSync(join(tmpdir(), 'cms-storage-figures-'))
let backend: Backend | undefined
try {
  const url =
    process.env.MONGO_URL ??
    (backend = await startFerretdb({ dataDir, log: (line) => console.error(line) })).url
  const client = new MongoClient(url)
  const kind = await storageKind(url)
  const db = client.db(`cms_storage_figures_${Date.now()}`)
  console.log(`storage: ${kind}; median of ${RUNS} runs, ms`)
  console.log('| documents | first page | list (first page + count) | update by id |')
  console.log('| --------: | ---------: | ------------------------: | -----------: |')
  for (const size of SIZES) {
    const collection = db.collection<StoredDocument>(`documents_${size}`)
    await collection.createIndex({ websiteId: 1, type: 1, status: 1, updatedAt: -1, _id: -1 })
    const ids: string[] = []
    for (let from = 0; from < size; from += 500) {
      const batch = Array.from({ length: Math.min(500, size - from) }, (_, i) =>
        documentOf(from + i),
      )
      await collection.insertMany(batch)
      ids.push(...batch.map((doc) => doc._id))
    }
    const { page, list, update } = await measure(collection, ids)
    const ms = (value: number) => value.toFixed(0)
    console.log(`| ${size.toLocaleString('en')} | ${ms(page)} | ${ms(list)} | ${ms(update)} |`)
  }
  await db.dropDatabase()
  await client.close()
} finally {
  await backend?.dispose()
  rmSync(dataDir, { recursive: true, force: true })
}
