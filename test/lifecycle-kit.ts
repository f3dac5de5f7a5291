import { randomBytes } from 'node:crypto'
import { MongoClient } from 'mongodb'
import type { Document, Filter } from 'mongodb'
import sharp from 'sharp'
import { expect } from 'vitest'
import { testEnv, waitFor } from '@cms/testkit'
import type { ApiCall, TestWebsite } from '@cms/testkit'
import { asset, makeImage, uploadTo } from './media-kit.ts'

/** A type with every field type, relations one and many, media one and many. */
export const EVERYTHING_TYPE = {
  name: 'everything',
  titleField: 'title',
  slugField: 'slug',
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'slug', type: 'text' },
    { name: 'summary', type: 'textarea' },
    { name: 'rich', type: 'richText' },
    { name: 'tags', type: 'tags' },
    { name: 'ratio', type: 'number' },
    { name: 'count', type: 'integer' },
    { name: 'flag', type: 'boolean' },
    { name: 'day', type: 'date' },
    { name: 'moment', type: 'datetime' },
    { name: 'email', type: 'email' },
    { name: 'link', type: 'url' },
    { name: 'choice', type: 'select', options: ['café', '🙂'] },
    { name: 'extra', type: 'json' },
    { name: 'author', type: 'relation', target: 'author' },
    { name: 'coauthors', type: 'relation', target: 'author', many: true },
    { name: 'cover', type: 'media' },
    { name: 'gallery', type: 'media', many: true },
  ],
}

const AUTHOR_TYPE = {
  name: 'author',
  titleField: 'name',
  // Unique: its claims are records of the website too.
  fields: [{ name: 'name', type: 'text', required: true, unique: true }],
}

export interface Populated {
  authors: string[]
  documents: string[]
  media: Array<{ id: string; url: string }>
  webhooks: string[]
}

async function ok(what: string, answer: Promise<{ status: number; text: string; body: any }>) {
  const response = await answer
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${response.text}`)
  return response.body
}

/** An image of random pixels: several GridFS chunks (255 KiB each) that compress poorly. */
async function noisyImage(): Promise<Buffer> {
  const width = 400
  const height = 300
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
}

/**
 * Fills a website with something in every collection its data lives in: types (author and
 * `everything`), documents with several versions each (create, update, publish), relations,
 * media (one spanning several GridFS chunks, and a stored transform), a pending schedule, a
 * published and a scheduled release, webhooks with and without a secret and their deliveries (a
 * ping each), and a write made with an Idempotency-Key.
 */
export async function populateWebsite(
  site: Pick<TestWebsite, 'api' | 'adminKey'>,
  options: { gatewayUrl?: string; documents?: number; receiverUrl: string },
): Promise<Populated> {
  const gatewayUrl = options.gatewayUrl ?? testEnv().gatewayUrl
  const api: ApiCall = site.api
  await ok('author type', api('POST', '/api/content-types', { body: AUTHOR_TYPE }))
  await ok('type', api('POST', '/api/content-types', { body: EVERYTHING_TYPE }))
  // A change of a type: its version claim is a record too.
  await ok('type change', api('PATCH', '/api/content-types/author', { body: { label: 'Authors' } }))
  const authors: string[] = []
  for (const name of ['Ada', 'Grace']) {
    const author = await ok(
      'author',
      api('POST', '/api/content', { body: { type: 'author', data: { name } } }),
    )
    await ok('publish author', api('POST', `/api/content/${author.id}/publish`))
    authors.push(author.id)
  }
  const uploads = [
    await uploadTo(
      gatewayUrl,
      site.adminKey,
      { bytes: await noisyImage(), name: 'noise.png' },
      { alt: 'noise' },
    ),
    await uploadTo(gatewayUrl, site.adminKey, {
      bytes: await makeImage({ format: 'jpeg' }),
      name: 'photo.jpg',
    }),
  ]
  for (const upload of uploads) expect(upload.status).toBe(201)
  const media = uploads.map((upload) => ({
    id: upload.body.id as string,
    url: upload.body.url as string,
  }))
  // A stored transform: a GridFS file of its own (and its claim).
  expect((await asset(`${media[1]!.url}?w=16`, {}, gatewayUrl)).status).toBe(200)

  const documents: string[] = []
  const count = options.documents ?? 4
  for (let i = 0; i < count; i++) {
    const doc = await ok(
      'document',
      api('POST', '/api/content', {
        headers: i === 0 ? { 'idempotency-key': `lifecycle-${i}` } : {},
        body: {
          type: 'everything',
          data: {
            title: `Ünïcödé entry ${i}`,
            summary: 'line one\nline two',
            rich: {
              type: 'doc',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: `p${i}` }] }],
            },
            tags: ['a', `t${i}`],
            ratio: 0.1 + i,
            count: i,
            flag: i % 2 === 0,
            day: '2024-02-29',
            moment: '2024-05-01T11:00:00+01:00',
            email: `x${i}@example.com`,
            link: `https://example.com/${i}`,
            choice: i % 2 === 0 ? 'café' : '🙂',
            extra: { nested: { list: [1, 'two', null], big: 12345678901234, float: 1.5 } },
            author: authors[0],
            coauthors: authors,
            cover: media[0]!.id,
            gallery: media.map((file) => file.id),
          },
        },
      }),
    )
    await ok(
      'update',
      api('PATCH', `/api/content/${doc.id}`, { body: { data: { count: i + 100 } } }),
    )
    if (i % 2 === 0) await ok('publish', api('POST', `/api/content/${doc.id}/publish`))
    documents.push(doc.id)
  }
  const later = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString()
  await ok(
    'schedule',
    api('POST', `/api/content/${documents[documents.length - 1]}/schedule`, {
      body: { action: 'publish', at: later },
    }),
  )

  // A published release (its marker stays) and a scheduled one (docs/releases.md).
  const release = await ok(
    'release',
    api('POST', '/api/releases', {
      body: { name: 'launch', entries: [{ documentId: documents[0], action: 'publish' }] },
    }),
  )
  await ok('release publish', api('POST', `/api/releases/${release.id}/publish`))
  const scheduled = await ok(
    'release',
    api('POST', '/api/releases', {
      body: { name: 'later', entries: [{ documentId: documents[0], action: 'unpublish' }] },
    }),
  )
  await ok(
    'release schedule',
    api('POST', `/api/releases/${scheduled.id}/schedule`, { body: { at: later } }),
  )

  const webhooks: string[] = []
  for (const secret of [`whsec_${randomBytes(24).toString('base64')}`, undefined]) {
    const hook = await ok(
      'webhook',
      api('POST', '/api/webhooks', {
        body: {
          name: secret ? 'signed' : 'plain',
          url: options.receiverUrl,
          ...(secret && { secret }),
        },
      }),
    )
    await ok('ping', api('POST', `/api/webhooks/${hook.id}/test`))
    webhooks.push(hook.id)
  }
  await ok('update', api('PATCH', `/api/content/${documents[0]}`, { body: { data: { count: 7 } } }))
  // The pings and the update's event are delivered (deliveries, attempts, stored bodies).
  await waitFor(
    async () => {
      const log = await api('GET', `/api/webhooks/${webhooks[0]}/deliveries?limit=100`)
      return log.body.docs?.length > 1 && log.body.docs.every((d: any) => d.status !== 'pending')
        ? true
        : undefined
    },
    { timeoutMs: 30_000, what: 'deliveries to finish' },
  ).catch(async (error) => {
    const log = await api('GET', `/api/webhooks/${webhooks[0]}/deliveries?limit=100`)
    throw new Error(`${(error as Error).message}: ${log.text}`)
  })
  return { authors, documents, media, webhooks }
}

type Counter = (db: MongoClient) => Promise<number>

/** Every collection a website's data lives in, and how to count the website's records in it. */
export function websiteCollections(
  websiteId: string,
  related: RelatedIds,
  gatewayDb = 'cms_gateway',
): Record<string, Counter> {
  const count =
    (database: string, collection: string, filter: Filter<Document>): Counter =>
    (client) =>
      client.db(database).collection(collection).countDocuments(filter)
  const byWebsite = (database: string, collection: string) =>
    count(database, collection, { websiteId })
  return {
    'gateway.websites': count(gatewayDb, 'websites', { _id: websiteId as never }),
    'gateway.api_keys': byWebsite(gatewayDb, 'api_keys'),
    'gateway.idempotency_keys': byWebsite(gatewayDb, 'idempotency_keys'),
    'gateway.idempotency_takeovers': byWebsite(gatewayDb, 'idempotency_takeovers'),
    'schema.content_types': byWebsite('cms_schema', 'content_types'),
    'schema.content_type_versions': byWebsite('cms_schema', 'content_type_versions'),
    'schema.website_type_index': count('cms_schema', 'website_type_index', {
      _id: websiteId as never,
    }),
    'content.documents': byWebsite('cms_content', 'documents'),
    'content.versions': byWebsite('cms_content', 'versions'),
    'content.slugs': byWebsite('cms_content', 'slugs'),
    'content.unique_values': byWebsite('cms_content', 'unique_values'),
    'content.outbox': byWebsite('cms_content', 'outbox'),
    'content.changes': byWebsite('cms_content', 'changes'),
    'content.schedules': byWebsite('cms_content', 'schedules'),
    'content.schedule_runs': count('cms_content', 'schedule_runs', {
      scheduleId: { $in: related.scheduleIds },
    }),
    'content.releases': byWebsite('cms_content', 'releases'),
    'content.release_applies': byWebsite('cms_content', 'release_applies'),
    'content.release_marks': byWebsite('cms_content', 'release_marks'),
    'content.release_switches': byWebsite('cms_content', 'release_switches'),
    'content.media': byWebsite('cms_content', 'media'),
    'content.fs.files': count('cms_content', 'fs.files', { 'metadata.websiteId': websiteId }),
    'content.fs.chunks': count('cms_content', 'fs.chunks', { files_id: { $in: related.fileIds } }),
    'content.media_variant_claims': count('cms_content', 'media_variant_claims', {
      _id: { $in: related.fileIds as never[] },
    }),
    'webhook.webhooks': byWebsite('cms_webhook', 'webhooks'),
    'webhook.deliveries': byWebsite('cms_webhook', 'deliveries'),
    'webhook.attempts': byWebsite('cms_webhook', 'attempts'),
    'webhook.payloads': byWebsite('cms_webhook', 'payloads'),
  }
}

/** Ids that records hang off without naming the website: GridFS files, schedules. */
export interface RelatedIds {
  fileIds: string[]
  scheduleIds: string[]
}

export async function withMongo<T>(use: (client: MongoClient) => Promise<T>): Promise<T> {
  const client = new MongoClient(testEnv().mongoUrl)
  try {
    return await use(client)
  } finally {
    await client.close()
  }
}

export async function relatedIds(websiteId: string): Promise<RelatedIds> {
  return withMongo(async (client) => {
    const files = await client
      .db('cms_content')
      .collection('fs.files')
      .find({ 'metadata.websiteId': websiteId }, { projection: { _id: 1 } })
      .toArray()
    const schedules = await client
      .db('cms_content')
      .collection('schedules')
      .find({ websiteId }, { projection: { scheduleId: 1 } })
      .toArray()
    return {
      fileIds: files.map((file) => String(file._id)),
      scheduleIds: schedules.map((schedule) => String(schedule.scheduleId)),
    }
  })
}

/** The website's records in every collection of every service, by `service.collection`. */
export async function countRecords(
  websiteId: string,
  related: RelatedIds,
  gatewayDb?: string,
): Promise<Record<string, number>> {
  return withMongo(async (client) => {
    const counts: Record<string, number> = {}
    for (const [name, counter] of Object.entries(websiteCollections(websiteId, related, gatewayDb)))
      counts[name] = await counter(client)
    return counts
  })
}
