import { randomUUID } from 'node:crypto'
import { request } from 'node:http'
import { MongoClient } from 'mongodb'
import type { Collection } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  answeringRequests,
  apiClient,
  createTestWebsite,
  storageCommands,
  testEnv,
  waitFor,
} from '@cms/testkit'
import type { ApiCall, ApiResponse, TestWebsite } from '@cms/testkit'
import { startEchoUpstream } from '../services/gateway/test/support/echo-upstream.ts'
import { startGateway } from '../services/gateway/test/support/gateway-under-test.ts'
import { gridFsOf, makeImage, uploadTo } from './media-kit.ts'

/**
 * `Idempotency-Key` on POST, PATCH and DELETE (extensions.md E, docs/gateway.md "Idempotency
 * keys"), through the gateway in front of the real services. Records are read and aged in the
 * gateway's own database, where a test needs to see them or to let a day pass.
 */
interface RecordDoc {
  _id: string
  websiteId: string
  key: string
  method: string
  path: string
  state: string
  claimId: string
  startedAt: Date
  expiresAt: Date
}

let mongo: MongoClient
let records: Collection<RecordDoc>
let takeovers: Collection<{ _id: string; expiresAt: Date }>
let site: TestWebsite

beforeAll(async () => {
  mongo = new MongoClient(testEnv().mongoUrl)
  records = mongo.db('cms_gateway').collection<RecordDoc>('idempotency_keys')
  takeovers = mongo.db('cms_gateway').collection('idempotency_takeovers')
  site = await createTestWebsite()
  const type = await site.api('POST', '/api/content-types', {
    body: {
      name: 'note',
      titleField: 'title',
      fields: [{ name: 'title', type: 'text', required: true }],
    },
  })
  expect(type.status, type.text).toBe(201)
})

afterAll(async () => {
  await mongo?.close()
})

const newKey = () => `test-${randomUUID()}`

/**
 * Gives a key up as a 5xx would. The service may have committed all the same, as when the
 * gateway's upstream time-out passes while the write queues: releasing the record by hand puts
 * the gateway in exactly that state.
 */
const released = (key: string) => records.deleteOne({ websiteId: site.websiteId, key })

function keyed(
  api: ApiCall,
  method: string,
  path: string,
  key: string,
  body?: unknown,
): Promise<ApiResponse> {
  return api(method, path, { body, headers: { 'idempotency-key': key } })
}

/** POST /api/media of a PNG with its alt text, under `key`. */
function keyedUpload(key: string, file: { bytes: Uint8Array; name: string }, alt: string) {
  const png = { ...file, type: 'image/png' }
  return uploadTo(testEnv().gatewayUrl, site.adminKey, png, { alt }, { 'idempotency-key': key })
}

/** The test website's documents as stored (the content service's own collection). */
function documentCount(): Promise<number> {
  return mongo
    .db('cms_content')
    .collection('documents')
    .countDocuments({ websiteId: site.websiteId })
}

/** The gateway's request-path commands on the idempotency collections so far. */
const idempotencyCommands = (metricsUrl: string) =>
  storageCommands(
    metricsUrl,
    (labels) =>
      answeringRequests(labels) && /collection="idempotency_(keys|takeovers)"/.test(labels),
  )

/** A create whose body is sent in two parts, `finish()` sending the rest: a request under way. */
function slowCreate(options: { gatewayUrl: string; apiKey: string; key: string; body: string }) {
  const req = request(new URL('/api/content', options.gatewayUrl), {
    method: 'POST',
    headers: {
      'x-api-key': options.apiKey,
      'content-type': 'application/json',
      'idempotency-key': options.key,
    },
  })
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
      )
    })
    req.on('error', reject)
  })
  req.write(options.body.slice(0, 10))
  return { answer, finish: () => req.end(options.body.slice(10)) }
}

/** A raw request with exactly the header bytes given (fetch refuses some of them). */
function rawPost(url: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(new URL('/api/content', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
    })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
      )
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe('Idempotency-Key on writes', () => {
  it('idempotency: a retry gets the first answer; idempotency: a retry changes nothing — when a create is sent again with its key, then the same status and body come back with Idempotent-Replayed: true, one document exists, and each costs the gateway 2 storage commands', async () => {
    const key = newKey()
    const body = { type: 'note', data: { title: 'Once only' } }
    // A gateway of this test's own: its counters hold no other file's keyed writes.
    const gateway = await startGateway()
    const api = apiClient(site.adminKey, gateway.url)
    const metricsUrl = gateway.metricsUrl!
    const before = await documentCount()

    const commandsAtStart = await idempotencyCommands(metricsUrl)
    const first = await keyed(api, 'POST', '/api/content', key, body)
    const commandsOfFirst = (await idempotencyCommands(metricsUrl)) - commandsAtStart
    expect(first.status, first.text).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()

    const commandsBeforeRetry = await idempotencyCommands(metricsUrl)
    const retry = await keyed(api, 'POST', '/api/content', key, body)
    const commandsOfRetry = (await idempotencyCommands(metricsUrl)) - commandsBeforeRetry
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.text).toBe(first.text)
    expect(retry.headers.get('location')).toBe(first.headers.get('location'))
    expect(retry.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(retry.headers.get('access-control-expose-headers')).toContain('Idempotent-Replayed')
    // A third time too, and with the read cache warm: still one document, still version 1.
    const third = await keyed(api, 'POST', '/api/content', key, body)
    expect(third.text).toBe(first.text)
    expect(await documentCount()).toBe(before + 1)
    const versions = await site.api('GET', `/api/content/${first.body.id}/versions`)
    expect(versions.body.totalDocs).toBe(1)
    // The claim (insert) and the answer (update); a retry: the refused insert and one read.
    console.info(
      `[idempotency] storage commands: first write ${commandsOfFirst}, replay ${commandsOfRetry}`,
    )
    expect(commandsOfFirst).toBe(2)
    expect(commandsOfRetry).toBe(2)
    await gateway.stop()
  })

  it('idempotency: a retry gets the first answer — when a PATCH and a DELETE are retried with their keys, then each gets its first answer again: the document keeps the version of the first PATCH, and a repeated DELETE is 204, not 404', async () => {
    const created = await site.api('POST', '/api/content', {
      body: { type: 'note', data: { title: 'Patched once' } },
    })
    expect(created.status, created.text).toBe(201)
    const path = `/api/content/${created.body.id}`
    const patchKey = newKey()
    const patch = { data: { title: 'Patched twice?' } }
    const first = await keyed(site.api, 'PATCH', path, patchKey, patch)
    expect(first.status, first.text).toBe(200)
    expect(first.body.version).toBe(2)
    const retry = await keyed(site.api, 'PATCH', path, patchKey, patch)
    expect(retry.status).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.text).toBe(first.text)
    const stored = await site.api('GET', `${path}?draft=true`)
    expect(stored.body.version).toBe(2)
    expect((await site.api('GET', `${path}/versions`)).body.totalDocs).toBe(2)

    const deleteKey = newKey()
    const removed = await keyed(site.api, 'DELETE', path, deleteKey)
    expect(removed.status, removed.text).toBe(204)
    const again = await keyed(site.api, 'DELETE', path, deleteKey)
    expect(again.status).toBe(204)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.text).toBe('')
    // Without the key, the same DELETE reaches the service and finds nothing.
    expect((await site.api('DELETE', path)).status).toBe(404)
  })

  it('idempotency: a committed change is recognized on retry — when a keyed document create, PATCH and publish, and a webhook create, committed but the gateway gave their keys up (as after a 5xx), then each retry makes nothing again: the same document id, one document, no new version or event', async () => {
    const body = { type: 'note', data: { title: 'Committed, answer lost' } }
    const before = await documentCount()
    const createKey = newKey()
    const created = await keyed(site.api, 'POST', '/api/content', createKey, body)
    expect(created.status, created.text).toBe(201)
    await released(createKey)
    const recreated = await keyed(site.api, 'POST', '/api/content', createKey, body)
    expect(recreated.status, recreated.text).toBe(201)
    expect(recreated.headers.get('idempotent-replayed')).toBeNull()
    expect(recreated.body.id).toBe(created.body.id)
    expect(recreated.body.slug).toBe(created.body.slug)
    expect(await documentCount()).toBe(before + 1)
    // Another body under a released key is another request: a document of its own.
    await released(createKey)
    const other = await keyed(site.api, 'POST', '/api/content', createKey, {
      ...body,
      data: { title: 'Another one' },
    })
    expect(other.status, other.text).toBe(201)
    expect(other.body.id).not.toBe(created.body.id)
    await released(createKey)

    const path = `/api/content/${created.body.id}`
    const patchKey = newKey()
    const patch = { data: { title: 'Patched, answer lost' } }
    const patched = await keyed(site.api, 'PATCH', path, patchKey, patch)
    expect(patched.body.version).toBe(2)
    await released(patchKey)
    const publishKey = newKey()
    const published = await keyed(site.api, 'POST', `${path}/publish`, publishKey)
    expect(published.body.version).toBe(3)
    await released(publishKey)
    // The PATCH's retry comes after another change: only the document's last change is known.
    const patchedAgain = await keyed(site.api, 'PATCH', path, patchKey, patch)
    expect(patchedAgain.status).toBe(200)
    expect(patchedAgain.body.version).toBe(4)
    await released(patchKey)
    const republished = await keyed(site.api, 'POST', `${path}/publish`, publishKey)
    expect(republished.status).toBe(200)
    expect(republished.body.version).toBe(4)
    const patchedThrice = await keyed(site.api, 'PATCH', path, patchKey, patch)
    expect(patchedThrice.body.version).toBe(4)
    expect((await site.api('GET', `${path}/versions`)).body.totalDocs).toBe(4)

    const hookKey = newKey()
    const hookBody = { name: `keyed ${hookKey}`, url: 'http://127.0.0.1:9/hook' }
    const hook = await keyed(site.api, 'POST', '/api/webhooks', hookKey, hookBody)
    expect(hook.status, hook.text).toBe(201)
    await released(hookKey)
    const hookAgain = await keyed(site.api, 'POST', '/api/webhooks', hookKey, hookBody)
    expect(hookAgain.status, hookAgain.text).toBe(201)
    expect(hookAgain.body.id).toBe(hook.body.id)
    const hooks = (await site.api('GET', '/api/webhooks')).body.docs as Array<{ name: string }>
    expect(hooks.filter((listed) => listed.name === hookBody.name)).toHaveLength(1)
    await site.api('DELETE', `/api/webhooks/${hook.body.id}`)
  })

  it('idempotency: a committed change is recognized on retry — when a keyed upload committed but the gateway gave its key up, then a retry with the same file (in a new multipart body) answers the same media, one record and one stored file, and another file under the released key is a media of its own', async () => {
    const since = new Date()
    const key = newKey()
    const image = { bytes: await makeImage({ width: 30, height: 20 }), name: 'keyed.png' }
    const send = (file: typeof image) => keyedUpload(key, file, 'Sent twice')
    const mediaIds = async () =>
      ((await site.api('GET', '/api/media?limit=100')).body.docs as Array<{ id: string }>)
        .map((media) => media.id)
        .sort()
    const before = await mediaIds()
    const filesBefore = new Set((await gridFsOf(site.websiteId, since)).files)
    const newFiles = async () =>
      (await gridFsOf(site.websiteId, since)).files.filter((id) => !filesBefore.has(id))

    const first = await send(image)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    await released(key)
    const retried = await send(image)
    expect(retried.status, JSON.stringify(retried.body)).toBe(201)
    expect(retried.headers.get('idempotent-replayed')).toBeNull()
    expect(retried.body).toEqual(first.body)
    expect(await mediaIds()).toEqual([...before, first.body.id].sort())
    await waitFor(async () => ((await newFiles()).length === 1 ? true : undefined), {
      what: 'the retry to remove the bytes it received',
    })
    expect(await newFiles()).toEqual([first.body.id])

    await released(key)
    const other = await send({ ...image, name: 'another.png' })
    expect(other.status, JSON.stringify(other.body)).toBe(201)
    expect(other.body.id).not.toBe(first.body.id)
    expect(other.body.filename).toBe('another.png')
    expect(await mediaIds()).toEqual([...before, first.body.id, other.body.id].sort())
    expect((await newFiles()).sort()).toEqual([first.body.id, other.body.id].sort())
    for (const id of [first.body.id, other.body.id])
      expect((await site.api('DELETE', `/api/media/${id}`)).status).toBe(204)
  })

  it('idempotency: a retry gets the first answer; idempotency: another request with the key is 422 — when an upload is sent again with its key in a new multipart body (fetch frames each form with a new boundary), then the first answer comes back with Idempotent-Replayed: true and one media exists; another file under the key is 422', async () => {
    const key = newKey()
    const image = { bytes: await makeImage({ width: 24, height: 16 }), name: 'twice.png' }
    const send = (file: typeof image) => keyedUpload(key, file, 'Sent again')
    const named = async () =>
      (
        (await site.api('GET', '/api/media?limit=100')).body.docs as Array<{ filename: string }>
      ).filter((media) => media.filename === image.name).length
    const first = await send(image)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    const again = await send(image)
    expect(again.status, JSON.stringify(again.body)).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual(first.body)
    const other = await send({ ...image, bytes: await makeImage({ width: 25, height: 16 }) })
    expect(other.status, JSON.stringify(other.body)).toBe(422)
    expect(other.body.error.details[0].path).toBe('Idempotency-Key')
    expect(await named()).toBe(1)
    expect((await site.api('DELETE', `/api/media/${first.body.id}`)).status).toBe(204)
  })

  it('idempotency: another request with the key is 422 — when a key is sent again with another body, path or method, then 422 VALIDATION_ERROR naming Idempotency-Key, and nothing is written', async () => {
    const key = newKey()
    const first = await keyed(site.api, 'POST', '/api/content', key, {
      type: 'note',
      data: { title: 'First use' },
    })
    expect(first.status, first.text).toBe(201)
    const count = await documentCount()
    const otherBody = await keyed(site.api, 'POST', '/api/content', key, {
      type: 'note',
      data: { title: 'Second use' },
    })
    const sameBytesReordered = await site.api('POST', '/api/content', {
      rawBody: JSON.stringify({ data: { title: 'First use' }, type: 'note' }),
      headers: { 'idempotency-key': key },
    })
    const otherPath = await keyed(site.api, 'POST', '/api/content?draft=true', key, {
      type: 'note',
      data: { title: 'First use' },
    })
    const otherMethod = await keyed(site.api, 'DELETE', `/api/content/${first.body.id}`, key)
    const longerBody = await site.api('POST', '/api/content', {
      rawBody: `${first.text}${' '.repeat(5000)}`,
      headers: { 'idempotency-key': key },
    })
    for (const answer of [otherBody, sameBytesReordered, otherPath, otherMethod, longerBody]) {
      expect(answer.status, answer.text).toBe(422)
      expect(answer.body.error.code).toBe('VALIDATION_ERROR')
      expect(answer.body.error.details).toEqual([
        { path: 'Idempotency-Key', message: expect.stringContaining('different request') },
      ])
    }
    expect(await documentCount()).toBe(count)
    expect((await site.api('GET', `/api/content/${first.body.id}?draft=true`)).status).toBe(200)
    // The first answer is still there for the first request.
    const retry = await keyed(site.api, 'POST', '/api/content', key, {
      type: 'note',
      data: { title: 'First use' },
    })
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.text).toBe(first.text)
  })

  it('idempotency: 409 while the first runs — when a request with the key arrives while the first is still sending its body, then it is 409 CONFLICT, the first completes, and a later retry gets its answer', async () => {
    const key = newKey()
    const body = JSON.stringify({ type: 'note', data: { title: 'Slow first' } })
    const count = await documentCount()
    const slow = slowCreate({ gatewayUrl: testEnv().gatewayUrl, apiKey: site.adminKey, key, body })
    await waitFor(async () => ((await records.findOne({ key })) ? true : undefined), {
      what: 'the first request to claim its key',
    })
    const meanwhile = await site.api('POST', '/api/content', {
      rawBody: body,
      headers: { 'idempotency-key': key },
    })
    expect(meanwhile.status, meanwhile.text).toBe(409)
    expect(meanwhile.body.error.code).toBe('CONFLICT')
    slow.finish()
    const first = await slow.answer
    expect(first.status, first.text).toBe(201)
    const retry = await site.api('POST', '/api/content', {
      rawBody: body,
      headers: { 'idempotency-key': key },
    })
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.text).toBe(first.text)
    expect(await documentCount()).toBe(count + 1)
  })

  it('idempotency: 409 while the first runs — when 8 requests with one key are sent at once, then exactly one runs: one document, the others 409 or its replayed answer', async () => {
    const key = newKey()
    const count = await documentCount()
    const body = { type: 'note', data: { title: 'Raced' } }
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => keyed(site.api, 'POST', '/api/content', key, body)),
    )
    const ran = answers.filter(
      (a) => a.status === 201 && a.headers.get('idempotent-replayed') === null,
    )
    expect(ran, answers.map((a) => a.status).join(' ')).toHaveLength(1)
    for (const answer of answers) {
      if (answer === ran[0]) continue
      if (answer.status === 409) expect(answer.body.error.code).toBe('CONFLICT')
      else expect(answer.text).toBe(ran[0]!.text)
    }
    expect(await documentCount()).toBe(count + 1)
  })

  it('idempotency: a malformed key is 422 — when the key is empty, over 255 characters, or has spaces, control or non-ASCII characters, then 422 VALIDATION_ERROR and nothing is written; a GET ignores the header', async () => {
    const count = await documentCount()
    const body = JSON.stringify({ type: 'note', data: { title: 'Never written' } })
    const malformed = ['', 'x'.repeat(256), 'two words', '\u00e9t\u00e9', 'tab\tinside']
    for (const key of malformed) {
      const answer = await rawPost(
        testEnv().gatewayUrl,
        { 'x-api-key': site.adminKey, 'idempotency-key': key },
        body,
      )
      expect(answer.status, `${JSON.stringify(key)}: ${answer.text}`).toBe(422)
      expect(JSON.parse(answer.text).error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'Idempotency-Key' }],
      })
    }
    expect(await documentCount()).toBe(count)
    expect(
      await records.countDocuments({ websiteId: site.websiteId, key: { $in: malformed } }),
    ).toBe(0)
    const longest = await keyed(site.api, 'POST', '/api/content', '~'.repeat(255), {
      type: 'note',
      data: { title: 'Longest key' },
    })
    expect(longest.status, longest.text).toBe(201)
    const read = await site.api('GET', '/api/content-types', { headers: { 'idempotency-key': '' } })
    expect(read.status).toBe(200)
  })

  it('idempotency: keys are per website — when two websites use the same key, then both requests run and each website keeps its own answer', async () => {
    const other = await createTestWebsite()
    const type = await other.api('POST', '/api/content-types', {
      body: { name: 'note', fields: [{ name: 'title', type: 'text' }] },
    })
    expect(type.status, type.text).toBe(201)
    const key = newKey()
    const body = { type: 'note', data: { title: 'Same key' } }
    const mine = await keyed(site.api, 'POST', '/api/content', key, body)
    const theirs = await keyed(other.api, 'POST', '/api/content', key, body)
    expect(mine.status, mine.text).toBe(201)
    expect(theirs.status, theirs.text).toBe(201)
    expect(theirs.headers.get('idempotent-replayed')).toBeNull()
    expect(theirs.body.id).not.toBe(mine.body.id)
    const theirRetry = await keyed(other.api, 'POST', '/api/content', key, body)
    expect(theirRetry.text).toBe(theirs.text)
    // Another key of the same website shares the website's keys.
    const secondKey = await fetch(
      `${testEnv().gatewayUrl}/admin/api/websites/${site.websiteId}/keys`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${testEnv().adminToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ scope: 'admin', rateLimit: { perMinute: 1000, perDay: 100000 } }),
      },
    ).then((r) => r.json() as Promise<{ key: string }>)
    const viaSecondKey = await keyed(
      apiClient(secondKey.key, testEnv().gatewayUrl),
      'POST',
      '/api/content',
      key,
      body,
    )
    expect(viaSecondKey.headers.get('idempotent-replayed')).toBe('true')
    expect(viaSecondKey.text).toBe(mine.text)
  })

  it('idempotency: without a key nothing changes — when the same create is sent twice without a key, then two documents are made; a write refused before the service (403, 404) keeps no key', async () => {
    const count = await documentCount()
    const body = { type: 'note', data: { title: 'Twice' } }
    const first = await site.api('POST', '/api/content', { body })
    const second = await site.api('POST', '/api/content', { body })
    expect([first.status, second.status]).toEqual([201, 201])
    expect(second.body.id).not.toBe(first.body.id)
    expect(second.headers.get('idempotent-replayed')).toBeNull()
    expect(await documentCount()).toBe(count + 2)

    const key = newKey()
    const forbidden = await keyed(site.readApi, 'POST', '/api/content', key, body)
    expect(forbidden.status).toBe(403)
    const unknown = await keyed(site.api, 'POST', '/api/nowhere', key, body)
    expect(unknown.status).toBe(404)
    expect(await records.countDocuments({ websiteId: site.websiteId, key })).toBe(0)
  })
})

describe('Idempotency-Key when the first request fails or is abandoned', () => {
  it('idempotency: a 5xx gives the key up — when the service answers 500 or cannot be reached, then no answer is kept and a retry with the key runs again', async () => {
    const upstream = await startEchoUpstream()
    const gateway = await startGateway({ CONTENT_WRITE_URL: upstream.url })
    try {
      const api = apiClient(site.adminKey, gateway.url)
      const key = newKey()
      const body = { type: 'note', data: { title: 'Flaky' } }
      upstream.handle((_request, response) => {
        response.writeHead(500, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'boom' } }))
      })
      expect((await keyed(api, 'POST', '/api/content', key, body)).status).toBe(500)
      expect(await records.countDocuments({ websiteId: site.websiteId, key })).toBe(0)

      await upstream.stop()
      const refused = await keyed(api, 'POST', '/api/content', key, body)
      expect(refused.status).toBe(503)
      expect(refused.body.error.code).toBe('SERVICE_UNAVAILABLE')
      expect(await records.countDocuments({ websiteId: site.websiteId, key })).toBe(0)

      await upstream.restart()
      upstream.handle((_request, response) => {
        response.writeHead(201, { 'content-type': 'application/json', location: '/x' })
        response.end('{"id":"x"}')
      })
      const seenBefore = upstream.seen.length
      const third = await keyed(api, 'POST', '/api/content', key, body)
      expect(third.status).toBe(201)
      expect(third.headers.get('idempotent-replayed')).toBeNull()
      const fourth = await keyed(api, 'POST', '/api/content', key, body)
      expect(fourth.headers.get('idempotent-replayed')).toBe('true')
      expect(fourth.text).toBe('{"id":"x"}')
      expect(upstream.seen.length - seenBefore, 'the replay never reached the service').toBe(1)
      // The service's 4xx is an answer like any other: kept and replayed.
      upstream.handle((_request, response) => {
        response.writeHead(422, { 'content-type': 'application/json' })
        response.end('{"error":{"code":"VALIDATION_ERROR","message":"no"}}')
      })
      const refusedKey = newKey()
      expect((await keyed(api, 'POST', '/api/content', refusedKey, body)).status).toBe(422)
      const refusedAgain = await keyed(api, 'POST', '/api/content', refusedKey, body)
      expect(refusedAgain.status).toBe(422)
      expect(refusedAgain.headers.get('idempotent-replayed')).toBe('true')
    } finally {
      await gateway.stop()
      await upstream.stop()
    }
  })

  it('idempotency: a claim left running is taken over — when the request holding a key never finished (its gateway died) and the upstream time-outs have passed, then a retry runs; a claim within them is 409', async () => {
    const body = { type: 'note', data: { title: 'Orphaned claim' } }
    const claim = (key: string, startedAt: Date) =>
      records.insertOne({
        _id: `${site.websiteId}:${key}`,
        websiteId: site.websiteId,
        key,
        method: 'POST',
        path: '/api/content',
        claimId: randomUUID(),
        state: 'running',
        startedAt,
        expiresAt: new Date(startedAt.getTime() + 24 * 3600_000),
      })
    const recent = newKey()
    await claim(recent, new Date(Date.now() - 5000))
    expect((await keyed(site.api, 'POST', '/api/content', recent, body)).status).toBe(409)

    const abandoned = newKey()
    const startedAt = new Date(Date.now() - 10 * 60_000)
    await claim(abandoned, startedAt)
    const before = await records.findOne({ key: abandoned })
    const count = await documentCount()
    const taken = await keyed(site.api, 'POST', '/api/content', abandoned, body)
    expect(taken.status, taken.text).toBe(201)
    expect(taken.headers.get('idempotent-replayed')).toBeNull()
    expect(await documentCount()).toBe(count + 1)
    const after = await records.findOne({ key: abandoned })
    expect(after!.state).toBe('done')
    expect(after!.claimId).not.toBe(before!.claimId)
    expect(await takeovers.countDocuments({ _id: `${before!._id}/${before!.claimId}` })).toBe(1)
    const retry = await keyed(site.api, 'POST', '/api/content', abandoned, body)
    expect(retry.text).toBe(taken.text)
  })

  it('idempotency: kept 24 hours — when a key has expired, then a request with it runs again; the periodic sweep deletes expired keys and takeover markers and keeps the others, whether or not the server has TTL indexes', async () => {
    const key = newKey()
    const body = { type: 'note', data: { title: 'A day later' } }
    const first = await keyed(site.api, 'POST', '/api/content', key, body)
    expect(first.status, first.text).toBe(201)
    const record = await records.findOne({ key })
    const kept = record!.expiresAt.getTime() - record!.startedAt.getTime()
    expect(kept).toBe(24 * 3600_000)
    // A day passes (the sweep has not run yet): the key is free again, in the gateway and for
    // the document the first request made.
    const dayLater = new Date(Date.now() - 1000)
    await records.updateOne({ _id: record!._id }, { $set: { expiresAt: dayLater } })
    await mongo
      .db('cms_content')
      .collection<{ _id: string }>('documents')
      .updateOne(
        { _id: first.body.id },
        { $set: { createdAt: new Date(Date.now() - 24 * 3600_000 - 1000) } },
      )
    const later = await keyed(site.api, 'POST', '/api/content', key, body)
    expect(later.status, later.text).toBe(201)
    expect(later.headers.get('idempotent-replayed')).toBeNull()
    expect(later.body.id).not.toBe(first.body.id)

    const expiredKey = newKey()
    const liveKey = newKey()
    for (const k of [expiredKey, liveKey])
      expect((await keyed(site.api, 'POST', '/api/content', k, body)).status).toBe(201)
    const past = new Date(Date.now() - 60_000)
    await records.updateOne({ key: expiredKey }, { $set: { expiresAt: past } })
    const marker = `${site.websiteId}:${expiredKey}/${randomUUID()}`
    await takeovers.insertOne({ _id: marker, expiresAt: past })

    const sweeper = await startGateway({ IDEMPOTENCY_SWEEP_INTERVAL_MS: '200' })
    try {
      await waitFor(
        async () =>
          (await records.countDocuments({ key: expiredKey })) === 0 &&
          (await takeovers.countDocuments({ _id: marker })) === 0
            ? true
            : undefined,
        { timeoutMs: 20_000, what: 'the sweep to delete the expired key and marker' },
      )
    } finally {
      await sweeper.stop()
    }
    expect(await records.countDocuments({ key: liveKey })).toBe(1)
    expect(await records.countDocuments({ key })).toBe(1)

    const indexes = await records.listIndexes().toArray()
    const expiry = indexes.find((index) => index.key.expiresAt === 1)
    const build = await mongo.db('admin').command({ buildInfo: 1 })
    if (build.ferretdbVersion) expect(expiry?.expireAfterSeconds).toBeUndefined()
    else expect(expiry?.expireAfterSeconds).toBe(0)
    expect(indexes.find((index) => index.unique && index.key.websiteId === 1)?.key).toEqual({
      websiteId: 1,
      key: 1,
    })
  })
})
