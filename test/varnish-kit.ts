import { createConnection, createServer } from 'node:net'
import type { Server, Socket } from 'node:net'
import process from 'node:process'
import { freePort, startStack, startVarnish } from '@cms/stack'
import type { Stack, Varnish } from '@cms/stack'
import { GENEROUS_PLAN, jsonClient } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { expectStatus } from './content-fixtures.ts'

/**
 * A TCP forwarder between the purger and Varnish: closing it makes Varnish's purge address
 * unreachable (connections refused) while Varnish itself keeps serving its cache.
 */
export interface TcpGate {
  readonly port: number
  open(): Promise<void>
  close(): Promise<void>
}

export async function startTcpGate(targetPort: number): Promise<TcpGate> {
  const port = await freePort()
  const sockets = new Set<Socket>()
  let server: Server | undefined
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer((client) => {
        const upstream = createConnection({ port: targetPort, host: '127.0.0.1' })
        track(client)
        track(upstream)
        client.pipe(upstream).pipe(client)
        client.once('close', () => upstream.destroy())
        upstream.once('close', () => client.destroy())
      })
      listening.once('error', reject)
      listening.listen(port, '127.0.0.1', () => resolve())
      server = listening
    })
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      if (!server) return resolve()
      server.close(() => resolve())
      server = undefined
    })
  await open()
  return { port, open, close }
}

/** A private stack whose gateway purges a Varnish (through a gate) that fronts it. */
export interface VarnishStack {
  stack: Stack
  varnish: Varnish
  gate: TcpGate
  stop(): Promise<void>
}

export async function startVarnishStack(name: string): Promise<VarnishStack> {
  const varnishPort = await freePort()
  const gate = await startTcpGate(varnishPort)
  const stack = await startStack({
    name: `${name}-${Date.now()}-${process.pid}`,
    ephemeral: process.env.CMS_KEEP_TEST_DATA !== 'true',
    // Servers of its own: the purge consumer and outbox relay must be this stack's alone.
    backendEnv: {},
    env: {
      gateway: {
        LOG_LEVEL: 'warn',
        CDN_PURGERS: 'varnish',
        VARNISH_PURGE_URLS: `http://127.0.0.1:${gate.port}`,
        // Retries within 2 s, so the outage test sees its purges soon after the recovery.
        CDN_PURGE_RETRY_MAX_MS: '2000',
      },
    },
  })
  const varnish = await startVarnish({
    dataDir: stack.dataDir,
    gatewayUrl: stack.services.gatewayUrl,
    port: varnishPort,
  }).catch(async (error: unknown) => {
    await stack.stop()
    throw error
  })
  return {
    stack,
    varnish,
    gate,
    async stop() {
      await varnish.dispose()
      await gate.close()
      await stack.stop()
    },
  }
}

export interface VarnishSite {
  websiteId: string
  /** The platform operator's admin API on the gateway. */
  platform: ApiCall
  /** Writes through the gateway with the admin key. */
  admin: ApiCall
  adminKey: string
  readKey: string
  /** A read key whose role may read `article` only. */
  articleKey: string
}

/** A website with `article` and `page` types and its admin, read and article-only keys. */
export async function createVarnishSite(stack: Stack): Promise<VarnishSite> {
  const platform = jsonClient(stack.services.gatewayUrl, {
    authorization: `Bearer ${stack.services.adminToken}`,
  })
  const website = await expectStatus(
    platform('POST', '/admin/api/websites', { body: { name: 'varnish' } }),
    201,
  )
  const websiteId = website.body.id as string
  const keys = `/admin/api/websites/${websiteId}/keys`
  const issue = async (body: Record<string, unknown>) =>
    (
      await expectStatus(
        platform('POST', keys, { body: { ...body, rateLimit: GENEROUS_PLAN } }),
        201,
      )
    ).body.key as string
  await expectStatus(
    platform('POST', `/admin/api/websites/${websiteId}/roles`, {
      body: { name: 'article-reader', permissions: { read: ['article'] } },
    }),
    201,
  )
  const [adminKey, readKey, articleKey] = await Promise.all([
    issue({ name: 'admin', scope: 'admin' }),
    issue({ name: 'read', scope: 'read' }),
    issue({ name: 'articles only', role: 'article-reader' }),
  ])
  const admin = jsonClient(stack.services.gatewayUrl, { 'x-api-key': adminKey })
  for (const name of ['article', 'page'])
    await expectStatus(
      admin('POST', '/api/content-types', {
        body: { name, titleField: 'title', fields: [{ name: 'title', type: 'text' }] },
      }),
      201,
    )
  return { websiteId, platform, admin, adminKey, readKey, articleKey }
}

/** One read through Varnish: the answer and whether Varnish served it from its cache. */
export interface CachedRead {
  status: number
  cache: string | null
  cacheControl: string | null
  body: any
}

export type KeyForm = 'x-api-key' | 'bearer'

export async function readThrough(
  varnish: Varnish,
  key: string,
  path: string,
  form: KeyForm = 'x-api-key',
): Promise<CachedRead> {
  const headers = form === 'x-api-key' ? { 'x-api-key': key } : { authorization: `Bearer ${key}` }
  const answer = await fetch(`${varnish.url}${path}`, { headers })
  const text = await answer.text()
  return {
    status: answer.status,
    cache: answer.headers.get('x-cache'),
    cacheControl: answer.headers.get('cache-control'),
    body: text ? JSON.parse(text) : undefined,
  }
}

/** Creates and publishes a document; returns its id. */
export async function publishedDocument(
  admin: ApiCall,
  type: string,
  title: string,
): Promise<string> {
  const made = await expectStatus(
    admin('POST', '/api/content', { body: { type, data: { title } } }),
    201,
  )
  await expectStatus(admin('POST', `/api/content/${made.body.id}/publish`), 200)
  return made.body.id as string
}

/** Edits a published document's title and publishes the edit. */
export async function republish(admin: ApiCall, id: string, title: string): Promise<void> {
  await expectStatus(admin('PATCH', `/api/content/${id}`, { body: { data: { title } } }), 200)
  await expectStatus(admin('POST', `/api/content/${id}/publish`), 200)
}
