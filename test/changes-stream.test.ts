import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCmsClient } from '@cms/client'
import type { ChangeEvent } from '@cms/client'
import { jsonClient, testEnv, waitFor } from '@cms/testkit'
import {
  privateRedisPrefix,
  startGateway,
} from '../services/gateway/test/support/gateway-under-test.ts'
import type { RunningGateway } from '../services/gateway/src/main.ts'
import { openChangeStream, opened } from './changes-kit.ts'
import type { OpenStream, RefusedStream } from './changes-kit.ts'
import { contentSite, defineType, expectStatus } from './content-fixtures.ts'
import type { ContentSite } from './content-fixtures.ts'
import { createRole, issueKey } from './permissions-kit.ts'

const PAGE_TYPE = { name: 'page', titleField: 'title', fields: [{ name: 'title', type: 'text' }] }

let site: ContentSite
const gateways: RunningGateway[] = []
const streams: OpenStream[] = []

const track = async (stream: Promise<OpenStream | RefusedStream>) => {
  const open = await opened(stream)
  streams.push(open)
  return open
}
const create = async (type: string, title: string) =>
  (await expectStatus(site.api('POST', '/api/content', { body: { type, data: { title } } }), 201))
    .body.id as string
const write = (method: string, path: string, body?: unknown) =>
  expectStatus(
    site.api(method, path, body === undefined ? {} : { body }),
    method === 'DELETE' ? 204 : 200,
  )
const started = async (env: Record<string, string> = {}) => {
  const gateway = await startGateway(env)
  gateways.push(gateway)
  return gateway
}
/**
 * `event documentId` of each event, ` deleted` after a delete or an unpublish. An earlier change
 * of a document deleted before the stream read it is marked deleted too (its state is gone), as
 * timing has it: that mark is not compared.
 */
const summary = (stream: OpenStream) =>
  stream.events().map(({ data }) => {
    const gone = data.event === 'entry.delete' || data.event === 'entry.unpublish'
    if (gone) expect(data.deleted).toBe(true)
    return `${data.event} ${data.documentId}${gone ? ' deleted' : ''}`
  })

beforeAll(async () => {
  site = await contentSite()
  await defineType(site.api, PAGE_TYPE)
})
afterAll(async () => {
  for (const stream of streams) stream.close()
  await Promise.all(gateways.map((gateway) => gateway.stop()))
})

describe('GET /api/changes', () => {
  it('changes: an event per change — when a stream with draft access is open while a document is created, updated, published and deleted, then four events arrive in order, each with its seq as id and the change as data', async () => {
    const stream = await track(openChangeStream(site.adminKey, { query: '?draft=true' }))
    expect(stream.contentType).toMatch(/^text\/event-stream/)
    const id = await create('article', 'One')
    await write('PATCH', `/api/content/${id}`, { data: { title: 'Two' } })
    await write('POST', `/api/content/${id}/publish`)
    await write('DELETE', `/api/content/${id}`)
    const events = await stream.waitForEvents(4)
    expect(summary(stream)).toEqual([
      `entry.create ${id}`,
      `entry.update ${id}`,
      `entry.publish ${id}`,
      `entry.delete ${id} deleted`,
    ])
    const seqs = events.map((event) => event.data.seq)
    expect(events.map((event) => event.id)).toEqual(seqs.map(String))
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
    expect(new Set(seqs).size).toBe(4)
    expect(events.map((event) => event.event)).toEqual(events.map((event) => event.data.event))
    expect(events[0]!.data).toEqual({
      seq: seqs[0],
      documentId: id,
      type: 'article',
      event: 'entry.create',
    })
  })

  it('changes: the published view — when a read key streams while drafts are written, published, changed and unpublished, then only the published changes arrive and the unpublish is a deletion', async () => {
    const stream = await track(openChangeStream(site.readKey))
    const hidden = await create('article', 'Draft only')
    await write('PATCH', `/api/content/${hidden}`, { data: { title: 'Still a draft' } })
    const shown = await create('article', 'Soon live')
    await write('POST', `/api/content/${shown}/publish`)
    await write('PATCH', `/api/content/${shown}`, { data: { title: 'Live edit' } })
    await write('POST', `/api/content/${shown}/unpublish`)
    await stream.waitForEvents(3)
    expect(summary(stream)).toEqual([
      `entry.publish ${shown}`,
      `entry.update ${shown}`,
      `entry.unpublish ${shown} deleted`,
    ])
    const asked = await openChangeStream(site.readKey, { query: '?draft=true' })
    expect(asked.status).toBe(403)
  })

  it('changes: Last-Event-ID replays what was missed — when a stream is closed, changes are written, and it reopens with its last id (or since=), then exactly the missed changes arrive, then live ones', async () => {
    const first = await track(openChangeStream(site.adminKey, { query: '?draft=true' }))
    const a = await create('article', 'Before')
    const [seen] = await first.waitForEvents(1)
    first.close()
    const b = await create('article', 'While away')
    await write('PATCH', `/api/content/${a}`, { data: { title: 'Changed while away' } })
    await write('DELETE', `/api/content/${b}`)
    const missed = [`entry.create ${b}`, `entry.update ${a}`, `entry.delete ${b} deleted`]
    const resumed = await track(
      openChangeStream(site.adminKey, { query: '?draft=true', lastEventId: seen!.id }),
    )
    const bySince = await track(
      openChangeStream(site.adminKey, { query: `?draft=true&since=${seen!.id}` }),
    )
    await resumed.waitForEvents(3)
    await bySince.waitForEvents(3)
    await write('POST', `/api/content/${a}/publish`)
    await resumed.waitForEvents(4)
    await bySince.waitForEvents(4)
    for (const stream of [resumed, bySince])
      expect(summary(stream)).toEqual([...missed, `entry.publish ${a}`])
  })

  it('changes: filters — when streams ask for one type or some events, then only those changes arrive', async () => {
    const pages = await track(openChangeStream(site.adminKey, { query: '?draft=true&type=page' }))
    const publishes = await track(
      openChangeStream(site.adminKey, { query: '?draft=true&events=entry.publish,entry.delete' }),
    )
    const article = await create('article', 'Not a page')
    const page = await create('page', 'A page')
    await write('POST', `/api/content/${article}/publish`)
    await write('DELETE', `/api/content/${page}`)
    await pages.waitForEvents(2)
    await publishes.waitForEvents(2)
    expect(summary(pages)).toEqual([`entry.create ${page}`, `entry.delete ${page} deleted`])
    expect(summary(publishes)).toEqual([`entry.publish ${article}`, `entry.delete ${page} deleted`])
  })

  it("changes: the caller's types only — when a key that reads articles only streams, then page changes are absent, and asking for pages is 403", async () => {
    await createRole(site.websiteId, 'articles', { read: ['article'] })
    const { key } = await issueKey(site.websiteId, { role: 'articles' })
    const stream = await track(openChangeStream(key))
    const page = await create('page', 'Unseen')
    await write('POST', `/api/content/${page}/publish`)
    const article = await create('article', 'Seen')
    await write('POST', `/api/content/${article}/publish`)
    await stream.waitForEvents(1)
    expect(summary(stream)).toEqual([`entry.publish ${article}`])
    const refused = (await openChangeStream(key, { query: '?type=page' })) as RefusedStream
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('FORBIDDEN')
  })

  it('changes: bad positions and filters are 422 — when since, Last-Event-ID, events or an unknown parameter is malformed, then 422 VALIDATION_ERROR names it and no stream opens', async () => {
    for (const options of [
      { query: '?since=-1' },
      { query: '?events=entry.nope' },
      { query: '?follow=true' },
      { lastEventId: 'abc' },
    ]) {
      const refused = (await openChangeStream(site.readKey, options)) as RefusedStream
      expect(refused.status, JSON.stringify(options)).toBe(422)
      expect(refused.body.error.code).toBe('VALIDATION_ERROR')
    }
  })

  it('changes: a position the log does not hold is 410 GONE — when a stream resumes after a seq the log no longer (or never) held, then 410 GONE says to sync from scratch and no stream opens', async () => {
    const refused = (await openChangeStream(site.readKey, {
      lastEventId: '999999999',
    })) as RefusedStream
    expect(refused.status).toBe(410)
    expect(refused.body.error.code).toBe('GONE')
    expect(refused.body.error.message).toContain('sync from scratch')
  })

  it('changes: every gateway instance delivers — when streams are open on two gateway instances and a change is written through a third, then both receive it with the same seq', async () => {
    const other = await started()
    const here = await track(openChangeStream(site.adminKey, { query: '?draft=true' }))
    const there = await track(
      openChangeStream(site.adminKey, { query: '?draft=true', gatewayUrl: other.url }),
    )
    const id = await create('article', 'Everywhere')
    const [onHere] = await here.waitForEvents(1)
    const [onThere] = await there.waitForEvents(1)
    expect(onThere).toEqual(onHere)
    expect(onHere!.data.documentId).toBe(id)
  })

  it('changes: heartbeats — when a stream stays idle, then a comment line arrives every CHANGE_STREAM_HEARTBEAT_MS', async () => {
    const gateway = await started({ CHANGE_STREAM_HEARTBEAT_MS: '200' })
    const stream = await track(openChangeStream(site.readKey, { gatewayUrl: gateway.url }))
    await waitFor(() => (stream.text().split(': heartbeat\n\n').length > 2 ? true : undefined), {
      what: 'two heartbeats',
    })
    expect(stream.events()).toEqual([])
  })

  it('changes: open streams per website are limited — when a website holds its limit of streams over two gateway instances, then another is 429 RATE_LIMITED, and once one closes a new one opens', async () => {
    const env = { CHANGE_STREAMS_PER_WEBSITE: '2', REDIS_PREFIX: privateRedisPrefix() }
    const [one, two] = [await started(env), await started(env)]
    const first = await opened(openChangeStream(site.readKey, { gatewayUrl: one!.url }))
    const second = await track(openChangeStream(site.readKey, { gatewayUrl: two!.url }))
    const refused = (await openChangeStream(site.readKey, {
      gatewayUrl: one!.url,
    })) as RefusedStream
    expect(refused.status).toBe(429)
    expect(refused.body.error.code).toBe('RATE_LIMITED')
    first.close()
    const third = await waitFor(async () => {
      const attempt = await openChangeStream(site.readKey, { gatewayUrl: two!.url })
      return attempt.status === 200 ? (attempt as OpenStream) : undefined
    })
    streams.push(third)
    expect(second.status).toBe(200)
  })

  it('changes: open streams are a website quota — when the platform admin overrides changeStreams, then that many streams open and one more is 429 naming the quota; the quota report shows the open streams against the override, with the setting as the default, which also bounds the quotas an import may bring', async () => {
    const fresh = await contentSite()
    const gateway = await started({
      CHANGE_STREAMS_PER_WEBSITE: '1',
      REDIS_PREFIX: privateRedisPrefix(),
    })
    const admin = jsonClient(gateway.url, { authorization: `Bearer ${testEnv().adminToken}` })
    const quotasPath = `/admin/api/websites/${fresh.websiteId}/quotas`
    const open = () => openChangeStream(fresh.readKey, { gatewayUrl: gateway.url })
    const expectRefused = async (limit: number) => {
      const refused = (await open()) as RefusedStream
      expect(refused.status).toBe(429)
      expect(refused.body.error).toMatchObject({
        code: 'RATE_LIMITED',
        message: `Quota exceeded: at most ${limit} open change streams per website; this website has ${limit}`,
        details: [{ path: 'quota.changeStreams', message: `limit ${limit}, usage ${limit}` }],
      })
    }
    await track(open())
    await expectRefused(1)
    const raised = await admin('PATCH', quotasPath, { body: { changeStreams: 3 } })
    expect(raised.status, raised.text).toBe(200)
    await track(open())
    await track(open())
    await expectRefused(3)
    const report = await admin('GET', quotasPath)
    expect(report.body.quotas.changeStreams).toEqual({
      limit: 3,
      default: 1,
      override: 3,
      usage: 3,
    })
    const reset = await admin('PATCH', quotasPath, { body: { changeStreams: null } })
    expect(reset.body.quotas.changeStreams).toEqual({
      limit: 1,
      default: 1,
      override: null,
      usage: 3,
    })
    expect((await open()).status).toBe(429)

    // An import takes no quota above this installation's default, the setting's here.
    const exported = await fetch(`${gateway.url}/admin/api/websites/${fresh.websiteId}/export`, {
      headers: { authorization: `Bearer ${testEnv().adminToken}` },
    })
    const lines = (await exported.text())
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line))
    lines[0].website.quotas = { changeStreams: 2 }
    const imported = await fetch(`${gateway.url}/admin/api/websites/import?name=over-quota`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${testEnv().adminToken}`,
        'content-type': 'application/x-ndjson',
      },
      body: lines.map((line) => JSON.stringify(line)).join('\n'),
    })
    const refusal = (await imported.json()) as RefusedStream['body']
    expect(imported.status).toBe(422)
    expect(refusal.error.details).toEqual([
      expect.objectContaining({
        path: 'line 1: website.quotas.changeStreams',
        message: expect.stringContaining('at most the default 1'),
      }),
    ])
  })

  it('changes: the client resumes — when the server ends the stream and changes are written before it is back, then @cms/client iterator reconnects with Last-Event-ID and yields every change once', async () => {
    const fresh = await contentSite()
    const gateway = await started()
    const port = String(gateway.port)
    const a = (await fresh.createArticle({ title: 'Before the restart' })).id as string
    const client = createCmsClient({ baseUrl: gateway.url, apiKey: fresh.adminKey })
    const abort = new AbortController()
    const received: ChangeEvent[] = []
    const iterating = (async () => {
      for await (const change of client.changes.stream(
        { draft: true, since: 0 },
        { signal: abort.signal, reconnectDelayMs: 100 },
      ))
        received.push(change)
    })()
    const seen = () => received.map((change) => `${change.event} ${change.documentId}`)
    await waitFor(() => (received.length > 0 ? true : undefined))
    await gateway.stop()
    gateways.splice(gateways.indexOf(gateway), 1)
    const b = (await fresh.createArticle({ title: 'During the restart' })).id as string
    await expectStatus(
      fresh.api('PATCH', `/api/content/${a}`, { body: { data: { title: 'Changed meanwhile' } } }),
      200,
    )
    await started({ CMS_PORT: port })
    await waitFor(() => (received.length >= 3 ? true : undefined), { timeoutMs: 20_000 })
    const c = (await fresh.createArticle({ title: 'After the restart' })).id as string
    await waitFor(() => (received.length >= 4 ? true : undefined))
    abort.abort()
    await iterating
    expect(seen()).toEqual([
      `entry.create ${a}`,
      `entry.create ${b}`,
      `entry.update ${a}`,
      `entry.create ${c}`,
    ])
  })
})
