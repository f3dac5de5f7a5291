import { randomUUID } from 'node:crypto'
import { MongoClient } from 'mongodb'
import type { CommandStartedEvent } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEnv } from '@cms/testkit'
import type { StoredDocument } from '../src/document/document.ts'
import { documentsCollection } from '../src/store/collections/documents.ts'
import type { DocumentPageQuery } from '../src/document/document-store.ts'

/**
 * `pagination[withCount]=false` exists to spare the count (on FerretDB a second scan of the
 * collection): the documents collection must then send the find alone, on real storage.
 */
let client: MongoClient
const dbName = `cms_content_test_${randomUUID().slice(0, 8)}`
const commands: string[] = []
const websiteId = randomUUID()

const query: DocumentPageQuery = {
  filter: { websiteId, status: 'published' },
  sort: [
    ['createdAt', -1],
    ['_id', -1],
  ],
  skip: 0,
  limit: 2,
}

function storedDocument(i: number): StoredDocument {
  const at = new Date(Date.UTC(2024, 0, 1, 0, i))
  return {
    _id: randomUUID(),
    websiteId,
    type: 'post',
    slug: `post-${i}`,
    status: 'published',
    authorId: randomUUID(),
    publishedAt: at,
    createdAt: at,
    updatedAt: at,
    version: 1,
    data: { title: `Post ${i}` },
  }
}

async function commandsOf(run: () => Promise<unknown>): Promise<string[]> {
  commands.length = 0
  await run()
  return [...commands]
}

beforeAll(async () => {
  client = new MongoClient(testEnv().mongoUrl, {
    monitorCommands: true,
    serverSelectionTimeoutMS: 5000,
  })
  await client.connect()
  await client
    .db(dbName)
    .collection<StoredDocument>('documents')
    .insertMany([1, 2, 3].map(storedDocument))
  client.on('commandStarted', (event: CommandStartedEvent) => {
    if (event.databaseName === dbName) commands.push(event.commandName)
  })
})

afterAll(async () => {
  await client?.db(dbName).dropDatabase()
  await client?.close()
})

describe('documents page without a count', () => {
  it('when a page is asked for with count: false, then only the find is sent and the total is null', async () => {
    const documents = documentsCollection(client.db(dbName))
    let page: Awaited<ReturnType<typeof documents.page>> | undefined
    const sent = await commandsOf(async () => {
      page = await documents.page({ ...query, count: false })
    })
    expect(sent).toEqual(['find'])
    expect(page?.total).toBeNull()
    expect(page?.docs.map((doc) => doc.slug)).toEqual(['post-3', 'post-2'])
  })

  it('when a page is asked for as before, then the count runs beside the find', async () => {
    const documents = documentsCollection(client.db(dbName))
    let page: Awaited<ReturnType<typeof documents.page>> | undefined
    const sent = await commandsOf(async () => {
      page = await documents.page(query)
    })
    // countDocuments is an aggregate ($match, $group) on MongoDB and on FerretDB.
    expect(sent.sort()).toEqual(['aggregate', 'find'])
    expect(page?.total).toBe(3)
  })
})
