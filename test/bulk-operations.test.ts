import { randomUUID } from 'node:crypto'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEnv, waitFor } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { contentSite, defineType, expectStatus } from './content-fixtures.ts'
import type { ContentSite } from './content-fixtures.ts'
import { createRole, issueKey } from './permissions-kit.ts'
import { createArticles } from './bulk-kit.ts'

/** POST /api/content/bulk and GET /api/jobs/:id through the gateway (docs/bulk.md). */
let mongo: MongoClient
let site: ContentSite

beforeAll(async () => {
  mongo = await MongoClient.connect(testEnv().mongoUrl)
  site = await contentSite()
  await defineType(site.api, {
    name: 'page',
    titleField: 'title',
    fields: [{ name: 'title', type: 'text', required: true }],
  })
}, 60_000)

afterAll(async () => {
  await mongo?.close()
})

const versions = () => mongo.db('cms_content').collection('versions')
const bulk = (api: ApiCall, body: unknown, headers: Record<string, string> = {}) =>
  api('POST', '/api/content/bulk', { body, headers })

async function articles(count: number, data: Record<string, unknown> = {}): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++)
    ids.push((await site.createArticle({ title: `Bulk ${i} ${randomUUID()}`, ...data })).id)
  return ids
}

const versionCount = (ids: string[]) => versions().countDocuments({ documentId: { $in: ids } })

describe('bulk operations', () => {
  it('bulk: each document has its outcome — when a bulk publish names two drafts, a published document, a missing id and a malformed one, then the answer is the finished job with done, unchanged and failed results, each with the status and error of its single call', async () => {
    const [first, second, published] = await articles(3)
    await expectStatus(site.api('POST', `/api/content/${published}/publish`), 200)
    const missing = randomUUID()
    const answer = await bulk(site.api, {
      action: 'publish',
      ids: [first, second, published, missing, 'not-an-id'],
    })
    expect(answer.status, answer.text).toBe(200)
    expect(answer.body).toMatchObject({
      action: 'publish',
      state: 'done',
      total: 5,
      done: 5,
      succeeded: 3,
      failed: 2,
    })
    expect(answer.body.results).toEqual([
      { id: first, outcome: 'done', status: 200, version: 2 },
      { id: second, outcome: 'done', status: 200, version: 2 },
      { id: published, outcome: 'unchanged', status: 200, version: 2 },
      {
        id: missing,
        outcome: 'failed',
        status: 404,
        error: { code: 'NOT_FOUND', message: `No document ${missing}` },
      },
      {
        id: 'not-an-id',
        outcome: 'failed',
        status: 404,
        error: { code: 'NOT_FOUND', message: 'No document not-an-id' },
      },
    ])
    const read = await site.readApi('GET', `/api/content/${first}`)
    expect(read.body.status).toBe('published')
    const job = await site.api('GET', `/api/jobs/${answer.body.id}`)
    expect(job.status).toBe(200)
    expect(job.body).toEqual(answer.body)
  })

  it('bulk: dryRun changes nothing — when a dry run names ids and another a query, then each answers how many and which documents it would touch and no version is written', async () => {
    const ids = await articles(2, { views: 7 })
    const before = await versionCount(ids)
    const byIds = await bulk(site.api, {
      action: 'delete',
      ids: [...ids, randomUUID()],
      dryRun: true,
    })
    expect(byIds.status, byIds.text).toBe(200)
    expect(byIds.body).toEqual({ action: 'delete', dryRun: true, total: 2, ids })
    const byQuery = await bulk(site.api, {
      action: 'publish',
      query: 'type=article&filters[views][$eq]=7',
      dryRun: true,
    })
    expect(byQuery.status, byQuery.text).toBe(200)
    expect(byQuery.body.total).toBe(2)
    expect([...byQuery.body.ids].sort()).toEqual([...ids].sort())
    expect(await versionCount(ids)).toBe(before)
  })

  it('bulk: a query names the documents — when a bulk publish sends a list query, then exactly the documents it matches, drafts included, are published', async () => {
    const tag = `q${randomUUID().slice(0, 8)}`
    const matching = await articles(3, { body: tag })
    const other = await articles(1, { body: `${tag}-other` })
    const answer = await bulk(site.api, {
      action: 'publish',
      query: `type=article&filters[body][$eq]=${tag}`,
    })
    expect(answer.status, answer.text).toBe(200)
    expect(answer.body.results.map((result: { id: string }) => result.id).sort()).toEqual(
      [...matching].sort(),
    )
    expect(answer.body.succeeded).toBe(3)
    const untouched = await site.api('GET', `/api/content/${other[0]}?draft=true`)
    expect(untouched.body.status).toBe('draft')
  })

  it('bulk: update is a merge patch per document — when a bulk update sets a field and one document has a pending draft, then the other gets a new version with the patch and that one fails with the 409 of its PATCH; a patch the type refuses fails with 422 and the path', async () => {
    const [plain, drafted] = await articles(2)
    await expectStatus(site.api('POST', `/api/content/${drafted}/publish`), 200)
    await expectStatus(
      site.api('PATCH', `/api/content/${drafted}?draft=true`, { body: { data: { views: 1 } } }),
      200,
    )
    const answer = await bulk(site.api, {
      action: 'update',
      ids: [plain, drafted],
      data: { views: 42 },
    })
    expect(answer.status, answer.text).toBe(200)
    expect(answer.body.results[0]).toEqual({ id: plain, outcome: 'done', status: 200, version: 2 })
    expect(answer.body.results[1]).toMatchObject({
      id: drafted,
      outcome: 'failed',
      status: 409,
      error: { code: 'CONFLICT' },
    })
    const shown = await site.api('GET', `/api/content/${plain}?draft=true`)
    expect(shown.body.data.views).toBe(42)
    expect(await versionCount([drafted!])).toBe(3)
    const refused = await bulk(site.api, { action: 'update', ids: [plain], data: { title: null } })
    expect(refused.body.results[0]).toMatchObject({ outcome: 'failed', status: 422 })
    expect(refused.body.results[0].error.details).toContainEqual({
      path: 'data.title',
      message: expect.any(String),
    })
    const storageNames = await bulk(site.api, {
      action: 'update',
      ids: [plain],
      data: { $set: 1, 'a.b': 2 },
    })
    expect(storageNames.status, storageNames.text).toBe(200)
    expect(storageNames.body.results[0]).toMatchObject({ outcome: 'failed', status: 422 })
  })

  it('bulk: delete removes each document — when a bulk delete names two documents, then each is done with 204 and gone', async () => {
    const ids = await articles(2)
    const answer = await bulk(site.api, { action: 'delete', ids })
    expect(answer.status, answer.text).toBe(200)
    expect(answer.body.results).toEqual(ids.map((id) => ({ id, outcome: 'done', status: 204 })))
    for (const id of ids)
      expect((await site.api('GET', `/api/content/${id}?draft=true`)).status).toBe(404)
  })

  it('bulk: permission per document type — when a key that may publish articles only bulk-publishes an article and a page, then the article is done and the page fails with 404 as its single call would; a key without publish is 403', async () => {
    await createRole(site.websiteId, 'article-publisher', {
      read: '*',
      readDrafts: '*',
      publish: ['article'],
    })
    const publisher = await issueKey(site.websiteId, { role: 'article-publisher' })
    const [article] = await articles(1)
    const page = await expectStatus(
      site.api('POST', '/api/content', { body: { type: 'page', data: { title: 'P' } } }),
      201,
    )
    const answer = await bulk(publisher.api, { action: 'publish', ids: [article, page.body.id] })
    expect(answer.status, answer.text).toBe(200)
    expect(answer.body.results.map((r: { outcome: string; status: number }) => r.status)).toEqual([
      200, 404,
    ])
    const single = await publisher.api('POST', `/api/content/${page.body.id}/publish`)
    expect(single.status).toBe(404)
    expect(answer.body.results[1].error.code).toBe(single.body.error.code)
    const viewer = await issueKey(site.websiteId, { role: 'viewer' })
    const refused = await bulk(viewer.api, { action: 'publish', ids: [article] })
    expect(refused.status).toBe(403)
    expect(refused.body.error).toEqual({
      code: 'FORBIDDEN',
      message: 'This request needs the publish permission',
      details: [{ path: 'permission', message: 'publish' }],
    })
  })

  it('bulk: at most 1,000 documents — when 1,001 ids are sent, then the answer is 422 naming ids and nothing is written', async () => {
    const [real] = await articles(1)
    const ids = [real, ...Array.from({ length: 1000 }, () => randomUUID())]
    const answer = await bulk(site.api, { action: 'publish', ids })
    expect(answer.status).toBe(422)
    expect(answer.body.error.code).toBe('VALIDATION_ERROR')
    expect(answer.body.error.details.map((d: { path: string }) => d.path)).toContain('ids')
    expect(await versionCount([real!])).toBe(1)
  })

  it('bulk: bad input is 4xx and writes nothing — when the action is unknown, both ids and query are sent, an id repeats, data comes with publish or the query is malformed, then each is 422 in the error shape and no document changes', async () => {
    const [id] = await articles(1)
    const bodies = [
      { action: 'archive', ids: [id] },
      { action: 'publish', ids: [id], query: 'type=article' },
      { action: 'publish' },
      { action: 'publish', ids: [id, id] },
      { action: 'publish', ids: [id], data: { title: 'x' } },
      { action: 'publish', query: 'type=article&filters[nope][$eq]=1' },
      { action: 'publish', query: 'type=no-such-type' },
    ]
    for (const body of bodies) {
      const answer = await bulk(site.api, body)
      expect(answer.status, JSON.stringify(body)).toBe(422)
      expect(answer.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.any(String),
      })
      expect(answer.body.error.details?.length ?? 1, JSON.stringify(body)).toBeGreaterThan(0)
    }
    expect(await versionCount([id!])).toBe(1)
  })

  it('bulk: more than 100 documents is a job to poll — when 120 documents are published in bulk, then the answer is 202 with Location, GET /api/jobs/:id shows progress until every result is in, and another website cannot read the job', async () => {
    const ids = await createArticles(site.api, 120)
    const answer = await bulk(site.api, { action: 'publish', ids })
    expect(answer.status, answer.text).toBe(202)
    expect(answer.body).toMatchObject({ state: 'running', total: 120 })
    const location = answer.headers.get('location')
    expect(location).toBe(`/api/jobs/${answer.body.id}`)
    const finished = await waitFor(
      async () => {
        const job = await site.api('GET', location!)
        expect(job.status).toBe(200)
        expect(job.body.results).toHaveLength(job.body.done)
        return job.body.state === 'done' ? job.body : undefined
      },
      { what: 'the bulk job done', timeoutMs: 60_000 },
    )
    expect(finished).toMatchObject({ total: 120, done: 120, succeeded: 120, failed: 0 })
    expect(finished.results.map((result: { id: string }) => result.id)).toEqual(ids)
    const other = await contentSite()
    expect((await other.api('GET', location!)).status).toBe(404)
  }, 120_000)

  it('bulk: Idempotency-Key answers the same job — when a bulk publish is sent twice with one key, then both answers name the same job and each document has one publish version', async () => {
    const ids = await articles(2)
    const key = { 'Idempotency-Key': randomUUID() }
    const first = await bulk(site.api, { action: 'publish', ids }, key)
    expect(first.status, first.text).toBe(200)
    const again = await bulk(site.api, { action: 'publish', ids }, key)
    expect(again.body.id).toBe(first.body.id)
    expect(again.body.results).toEqual(first.body.results)
    expect(await versionCount(ids)).toBe(4)
  })
})
