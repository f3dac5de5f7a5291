import { Buffer } from 'node:buffer'
import type { AddressInfo } from 'node:net'
import Koa from 'koa'
import { Redis } from 'ioredis'

/** One answer the ceiling serves: the bytes and content type the gateway answered for a path. */
export interface CeilingAnswer {
  body: Buffer
  contentType: string
}

export interface KoaCeiling {
  url: string
  stop(): Promise<void>
}

/**
 * The warm path's ceiling (issue 39): a bare Koa server that answers each path with the bytes
 * the gateway's read cache answered for it, after one Redis round trip, the least a gateway
 * that checks anything per request in Redis can do.
 */
export async function startKoaCeiling(deps: {
  redisUrl: string
  answers: ReadonlyMap<string, CeilingAnswer>
}): Promise<KoaCeiling> {
  const redis = new Redis(deps.redisUrl, { lazyConnect: true })
  await redis.connect()
  const app = new Koa()
  app.use(async (ctx) => {
    await redis.get('bench:ceiling')
    const answer = deps.answers.get(ctx.url)
    if (!answer) return // Koa answers 404
    ctx.type = answer.contentType
    ctx.body = answer.body
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      redis.disconnect()
    },
  }
}

/** What `gatewayUrl` answers for each path with `headers`, kept for the ceiling to serve. */
export async function answersOf(
  gatewayUrl: string,
  paths: readonly string[],
  headers: Record<string, string>,
): Promise<Map<string, CeilingAnswer>> {
  const answers = new Map<string, CeilingAnswer>()
  for (const path of new Set(paths)) {
    const response = await fetch(`${gatewayUrl}${path}`, { headers })
    answers.set(path, {
      body: Buffer.from(await response.arrayBuffer()),
      contentType: response.headers.get('content-type') ?? 'application/json',
    })
  }
  return answers
}
