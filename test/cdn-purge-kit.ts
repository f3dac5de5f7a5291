import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { connect } from 'amqplib'
import { freePort } from '@cms/stack'
import { testEnv } from '@cms/testkit'

export const FASTLY_SERVICE = 'svc-cms-test'
export const FASTLY_TOKEN = 'fastly-token-for-tests'
export const CLOUDFLARE_ZONE = 'zone-cms-test'
export const CLOUDFLARE_TOKEN = 'cloudflare-token-for-tests'

export type CdnKind = 'varnish' | 'fastly' | 'cloudflare'

/** One purge request the fake CDN accepted. */
export interface PurgeCall {
  tags: string[]
  soft: boolean
}

/**
 * A local server that checks each purge request as the real API requires it (method, path,
 * credentials, headers, body, the per-call limit) and records those it accepts. A request it
 * refuses is answered 400 and listed in `problems`. `unavailable` answers every request 503;
 * `close` takes it down (connections refused) and `reopen` brings it back on the same port.
 */
export interface FakeCdn {
  kind: CdnKind
  url: string
  calls: PurgeCall[]
  problems: string[]
  /** Requests answered 503 while unavailable. */
  refused: number
  unavailable: boolean
  tags(): Set<string>
  close(): Promise<void>
  reopen(): Promise<void>
}

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

type Check = (request: IncomingMessage, body: string) => PurgeCall | string

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(',') : value
}

const spaced = (value: string | undefined) => (value ?? '').split(' ').filter((tag) => tag !== '')

/** Varnish with xkey (deploy/varnish/default.vcl): `PURGE /` with `xkey` or `xkey-softpurge`. */
const checkVarnish: Check = (request, body) => {
  if (request.method !== 'PURGE' || request.url !== '/') return `${request.method} ${request.url}`
  const hard = header(request, 'xkey')
  const soft = header(request, 'xkey-softpurge')
  if ((hard === undefined) === (soft === undefined)) return 'exactly one of xkey, xkey-softpurge'
  const tags = spaced(hard ?? soft)
  if (tags.length === 0 || body !== '') return 'tags in the header, no body'
  return { tags, soft: soft !== undefined }
}

/** Fastly's batch purge by surrogate key: at most 256 keys in `Surrogate-Key`. */
const checkFastly: Check = (request, body) => {
  if (request.method !== 'POST' || request.url !== `/service/${FASTLY_SERVICE}/purge`)
    return `${request.method} ${request.url}`
  if (header(request, 'fastly-key') !== FASTLY_TOKEN) return 'Fastly-Key'
  const soft = header(request, 'fastly-soft-purge')
  if (soft !== undefined && soft !== '1') return `fastly-soft-purge: ${soft}`
  const tags = spaced(header(request, 'surrogate-key'))
  if (tags.length === 0 || tags.length > 256) return `${tags.length} surrogate keys`
  if (body !== '') return 'a body beside Surrogate-Key'
  return { tags, soft: soft === '1' }
}

/** Cloudflare's purge by cache tag: `{"tags": [...]}`, at most 100, bearer token. */
const checkCloudflare: Check = (request, body) => {
  if (request.method !== 'POST' || request.url !== `/zones/${CLOUDFLARE_ZONE}/purge_cache`)
    return `${request.method} ${request.url}`
  if (header(request, 'authorization') !== `Bearer ${CLOUDFLARE_TOKEN}`) return 'Authorization'
  if (!header(request, 'content-type')?.startsWith('application/json')) return 'Content-Type'
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return 'a body that is not JSON'
  }
  const { tags, ...rest } = parsed as { tags?: unknown }
  if (Object.keys(rest).length > 0) return `other members: ${Object.keys(rest).join(', ')}`
  if (!Array.isArray(tags) || tags.length === 0 || tags.length > 100) return 'tags: 1 to 100'
  if (!tags.every((tag) => typeof tag === 'string' && tag !== '')) return 'tags must be strings'
  return { tags: tags as string[], soft: false }
}

const CHECKS: Record<CdnKind, Check> = {
  varnish: checkVarnish,
  fastly: checkFastly,
  cloudflare: checkCloudflare,
}

const ANSWERS: Record<CdnKind, (call: PurgeCall) => string> = {
  varnish: (call) => `Invalidated ${call.tags.length} objects`,
  fastly: (call) =>
    JSON.stringify(Object.fromEntries(call.tags.map((tag, index) => [tag, `purge-${index}`]))),
  cloudflare: () =>
    JSON.stringify({ success: true, errors: [], messages: [], result: { id: CLOUDFLARE_ZONE } }),
}

export async function startFakeCdn(kind: CdnKind): Promise<FakeCdn> {
  const port = await freePort()
  let server: Server | undefined
  const fake: FakeCdn = {
    kind,
    url: `http://127.0.0.1:${port}`,
    calls: [],
    problems: [],
    refused: 0,
    unavailable: false,
    tags: () => new Set(fake.calls.flatMap((call) => call.tags)),
    close: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve()
        server.close(() => resolve())
        server.closeAllConnections()
        server = undefined
      }),
    reopen: () => listen(),
  }
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request)
    if (fake.unavailable) {
      fake.refused++
      response.writeHead(503).end('unavailable')
      return
    }
    const checked = CHECKS[kind](request, body)
    if (typeof checked === 'string') {
      fake.problems.push(checked)
      response.writeHead(400).end(checked)
      return
    }
    fake.calls.push(checked)
    response.writeHead(200, { 'content-type': 'application/json' }).end(ANSWERS[kind](checked))
  }
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((request, response) => void handle(request, response))
      next.once('error', reject)
      next.listen(port, '127.0.0.1', () => {
        server = next
        resolve()
      })
    })
  await listen()
  return fake
}

/** The gateway settings that send purges to these fakes. */
export function purgerSettings(
  fakes: { varnish?: FakeCdn[]; fastly?: FakeCdn; cloudflare?: FakeCdn },
  queue: string,
): Record<string, string> {
  const names = [
    fakes.varnish && 'varnish',
    fakes.fastly && 'fastly',
    fakes.cloudflare && 'cloudflare',
  ].filter(Boolean)
  return {
    CDN_PURGERS: names.join(','),
    CDN_PURGE_QUEUE: queue,
    ...(fakes.varnish && { VARNISH_PURGE_URLS: fakes.varnish.map((fake) => fake.url).join(',') }),
    ...(fakes.fastly && {
      FASTLY_API_URL: fakes.fastly.url,
      FASTLY_SERVICE_ID: FASTLY_SERVICE,
      FASTLY_API_TOKEN: FASTLY_TOKEN,
    }),
    ...(fakes.cloudflare && {
      CLOUDFLARE_API_URL: fakes.cloudflare.url,
      CLOUDFLARE_ZONE_ID: CLOUDFLARE_ZONE,
      CLOUDFLARE_API_TOKEN: CLOUDFLARE_TOKEN,
    }),
  }
}

/**
 * The tags of `seen` that belong to the test's own website or records (the shared broker
 * carries every test file's changes).
 */
export const ownTags = (seen: Iterable<string>, ids: readonly string[]): string[] =>
  [...seen].filter((tag) => ids.some((id) => tag.includes(id))).sort()

/** The gateway's purge queue of a test, removed afterwards (it would gather every change). */
export async function deleteQueue(queue: string): Promise<void> {
  const model = await connect(testEnv().amqpUrl)
  try {
    const channel = await model.createChannel()
    await channel.deleteQueue(queue)
  } finally {
    await model.close()
  }
}

/** A sample of `name{purger="..."}` from Prometheus text; 0 when absent. */
export async function purgeMetric(
  metricsUrl: string,
  name: string,
  purger?: CdnKind,
): Promise<number> {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text()
  const line = text
    .split('\n')
    .find(
      (candidate) =>
        candidate.startsWith(`${name}{`) &&
        (purger === undefined || candidate.includes(`purger="${purger}"`)),
    )
  return line ? Number(line.split(' ').at(-1)) : 0
}
