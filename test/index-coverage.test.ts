import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import process from 'node:process'
import { MongoClient } from 'mongodb'
import { describe, expect, it } from 'vitest'
import type { QueryShape } from '@cms/mongo'
import { adminClient, createTestWebsite, testEnv, waitFor } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { unservedShapes } from './index-coverage/served-by-index.ts'
import type { IndexKey } from './index-coverage/served-by-index.ts'

type LoggedShape = QueryShape & { database: string }

async function ok(what: string, answer: Promise<{ status: number; text: string; body: any }>) {
  const response = await answer
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${response.text}`)
  return response.body
}

/** Every endpoint, every sortable base column both ways, drafts and filters on base columns. */
async function exerciseTheApi(api: ApiCall, readApi: ApiCall, websiteId: string): Promise<void> {
  const admin = adminClient()
  await ok(
    'type',
    api('POST', '/api/content-types', {
      body: {
        name: 'page',
        titleField: 'title',
        fields: [
          { name: 'title', type: 'text', required: true },
          { name: 'rank', type: 'integer' },
          { name: 'parent', type: 'relation', target: 'page' },
        ],
      },
    }),
  )
  await ok('types', readApi('GET', '/api/content-types'))
  await ok('type', readApi('GET', '/api/content-types/page'))
  await ok('type patch', api('PATCH', '/api/content-types/page', { body: { label: 'Page' } }))
  const ids: string[] = []
  for (let i = 0; i < 3; i++) {
    const doc = await ok(
      'create',
      api('POST', '/api/content', {
        body: { type: 'page', data: { title: `Page ${i}`, rank: i, parent: ids[0] ?? null } },
      }),
    )
    ids.push(doc.id)
  }
  const [first, second, third] = ids as [string, string, string]
  await ok('publish', api('POST', `/api/content/${first}/publish`))
  await ok('publish', api('POST', `/api/content/${second}/publish`))
  await ok('patch', api('PATCH', `/api/content/${first}`, { body: { data: { rank: 9 } } }))
  await ok('unpublish', api('POST', `/api/content/${second}/unpublish`))
  const versions = await ok('versions', api('GET', `/api/content/${first}/versions`))
  await ok('restore', api('POST', `/api/content/${first}/restore/${versions.docs.at(-1).id}`))
  await ok('by id', readApi('GET', `/api/content/${first}`))
  await ok('by slug', readApi('GET', '/api/content/by-slug/page/page-0'))
  await ok('populate', api('GET', `/api/content/${second}?draft=true&populate=parent`))
  await ok('referenced-by', api('GET', `/api/content/${first}/referenced-by`))
  const soon = new Date(Date.now() + 1000).toISOString()
  await ok(
    'schedule',
    api('POST', `/api/content/${second}/schedule`, { body: { action: 'publish', at: soon } }),
  )
  await ok('schedules', api('GET', `/api/content/${second}/schedule`))
  const later = new Date(Date.now() + 60_000).toISOString()
  const cancelled = await ok(
    'schedule',
    api('POST', `/api/content/${third}/schedule`, { body: { action: 'unpublish', at: later } }),
  )
  await ok('cancel', api('DELETE', `/api/content/${third}/schedule/${cancelled.id}`))
  await ok(
    'draft',
    api('PATCH', `/api/content/${first}?draft=true`, { body: { data: { rank: 5 } } }),
  )
  await ok('discard', api('DELETE', `/api/content/${first}/draft`))
  // The run of the first schedule: its claim, the publish and the close.
  await new Promise((resolve) => setTimeout(resolve, 2500))
  const lists = [
    '',
    'type=page',
    'draft=true',
    'draft=true&type=page',
    'type=page&filters[status][$eq]=published',
    `type=page&filters[authorId][$eq]=${'0'.repeat(8)}-0000-0000-0000-000000000000`,
    'type=page&filters[createdAt][$lt]=2100-01-01',
    'type=page&filters[data.rank][$gte]=1&sort=data.rank',
    'type=page&filters[$or][0][data.rank][$eq]=1&filters[$or][1][slug][$eq]=page-0',
    'type=page&populate=parent',
    `type=page&filters[parent][$eq]=${first}`,
    'type=page&filters[parent][title][$eq]=Page 0',
    ...['publishedAt', 'createdAt', 'updatedAt', 'slug'].flatMap((column) => [
      `type=page&sort=${column}`,
      `sort=-${column}`,
      `draft=true&type=page&sort=-${column}`,
    ]),
  ]
  for (const query of lists) await ok(query, api('GET', `/api/content?${query}`))
  await ok('delete', api('DELETE', `/api/content/${third}`))

  const hook = await ok(
    'webhook',
    api('POST', '/api/webhooks', {
      body: { name: 'probe', url: 'http://127.0.0.1:9/hook', events: ['entry.update'] },
    }),
  )
  await ok('webhooks', api('GET', '/api/webhooks'))
  await ok('webhook', api('GET', `/api/webhooks/${hook.id}`))
  await ok('patch webhook', api('PATCH', `/api/webhooks/${hook.id}`, { body: { name: 'p2' } }))
  await ok('patch', api('PATCH', `/api/content/${first}`, { body: { data: { rank: 3 } } }))
  const deliveries = await waitFor(async () => {
    const log = await ok('deliveries', api('GET', `/api/webhooks/${hook.id}/deliveries`))
    return log.docs.length > 0 ? log : undefined
  })
  await api('POST', `/api/webhooks/${hook.id}/deliveries/${deliveries.docs[0].id}/redeliver`)
  await ok('delete webhook', api('DELETE', `/api/webhooks/${hook.id}`))

  await ok('websites', admin('GET', '/admin/api/websites'))
  await ok('website', admin('GET', `/admin/api/websites/${websiteId}`))
  await ok('keys', admin('GET', `/admin/api/websites/${websiteId}/keys`))
  await ok('delete document', api('DELETE', `/api/content/${second}`))
  await ok('delete document', api('DELETE', `/api/content/${first}`))
  await ok('delete type', api('DELETE', '/api/content-types/page'))
}

function loggedShapes(dir: string): LoggedShape[] {
  const shapes = new Map<string, LoggedShape>()
  for (const file of readdirSync(dir)) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      if (line) shapes.set(line, JSON.parse(line) as LoggedShape)
    }
  }
  return [...shapes.values()]
}

describe('index coverage', () => {
  it('when the whole API is exercised, then every query shape any service sends is served by an index prefix on MongoDB', async () => {
    const dir = process.env.CMS_TEST_QUERY_SHAPES_DIR
    expect(dir, 'the test stack logs query shapes').toBeTruthy()
    const site = await createTestWebsite()
    await exerciseTheApi(site.api, site.readApi, site.websiteId)
    const shapes = loggedShapes(dir!)
    expect(shapes.some((shape) => shape.collection === 'documents')).toBe(true)

    const client = new MongoClient(testEnv().mongoUrl)
    try {
      const indexes = new Map<string, IndexKey[]>()
      for (const { database, collection } of shapes) {
        const key = `${database}.${collection}`
        if (indexes.has(key)) continue
        const listed = await client
          .db(database)
          .collection(collection)
          .listIndexes()
          .toArray()
          .catch(() => [])
        indexes.set(
          key,
          listed.map((index) => index.key as IndexKey),
        )
      }
      const unserved = unservedShapes(
        shapes,
        (database, collection) => indexes.get(`${database}.${collection}`) ?? [],
      )
      expect(
        unserved,
        `query shapes no index serves:\n${unserved.map((s) => JSON.stringify(s)).join('\n')}`,
      ).toEqual([])
    } finally {
      await client.close()
    }
  }, 240_000)
})
