import { randomUUID } from 'node:crypto'
import process from 'node:process'
import type { AutocannonRequest } from 'autocannon'
import { jsonClient } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import type { HttpLoad } from './http-load.ts'
import { countCommands } from './storage-commands.ts'

/** A session's cost next to a key's, on one read scenario (docs/performance.md, "Sessions"). */
export interface SessionComparison {
  scenario: string
  /** Viewers the load rotates over, as people and as keys alike. */
  viewers: number
  /** Summed req/s of the rounds through sessions over those through read keys. */
  ratio: number
  /** Storage commands per call the gateway made for one person's session reads (the session check). */
  sessionGatewayCommandsPerCall: number
  /** The same for one read key, for comparison. */
  keyGatewayCommandsPerCall: number
}

/** The goal of issue 33: the warm read through a session within 0.95x of the same through a key. */
export const SESSION_RATIO_GOAL = 0.95

type Credential = Record<string, string>

/** Each viewer of the website twice: as a person signed in (cookie + x-cms-website) and as a read key. */
export interface Viewers {
  sessions: Credential[]
  keys: Credential[]
}

/** The largest plan a key may have: the benchmark measures the system, not the rate limit. */
const BENCH_PLAN = { perMinute: 10_000_000, perDay: 1_000_000_000 }

/**
 * A person's calls share a fixed plan (600 a minute), so the load is spread over
 * `BENCH_SESSION_VIEWERS` people (default 300); the keys it is compared with are as many, so
 * both paths lose the same batching of rate-limit counts and refresh as many cache entries.
 */
export const viewerCount = (): number => {
  const raw = Number(process.env.BENCH_SESSION_VIEWERS ?? 300)
  if (!Number.isInteger(raw) || raw < 1)
    throw new Error('BENCH_SESSION_VIEWERS: a positive integer')
  return raw
}

async function expectStatus(what: string, status: number, call: ReturnType<ApiCall>) {
  const answer = await call
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.text}`)
  return answer.body as Record<string, string>
}

async function signIn(gatewayUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${gatewayUrl}/auth/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  await response.body?.cancel()
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('cms_session='))
  if (response.status !== 200 || !cookie)
    throw new Error(`signing a bench viewer in: ${response.status}`)
  return cookie
}

/** `count` viewers of the website, each a person with the viewer role and a read key. */
export async function createViewers(options: {
  gatewayUrl: string
  adminToken: string
  websiteId: string
  count: number
}): Promise<Viewers> {
  const admin = jsonClient(options.gatewayUrl, { authorization: `Bearer ${options.adminToken}` })
  const viewers: Viewers = { sessions: [], keys: [] }
  const one = async (i: number) => {
    const email = `bench-viewer-${i}-${randomUUID().slice(0, 8)}@example.com`
    const password = randomUUID()
    await expectStatus(
      'creating a bench viewer',
      201,
      admin('POST', '/admin/api/people', {
        body: {
          email,
          name: `Bench viewer ${i}`,
          password,
          memberships: [{ websiteId: options.websiteId, role: 'viewer' }],
        },
      }),
    )
    const cookie = await signIn(options.gatewayUrl, email, password)
    viewers.sessions.push({ cookie, 'x-cms-website': options.websiteId })
    const key = await expectStatus(
      'creating a bench read key',
      201,
      admin('POST', `/admin/api/websites/${options.websiteId}/keys`, {
        body: { name: `bench viewer ${i}`, role: 'viewer', rateLimit: BENCH_PLAN },
      }),
    )
    viewers.keys.push({ 'x-api-key': key.key! })
  }
  // A few at a time: each person costs two argon2id hashes (create, sign-in).
  for (let i = 0; i < options.count; i += 4)
    await Promise.all([0, 1, 2, 3].filter((j) => i + j < options.count).map((j) => one(i + j)))
  return viewers
}

/** The scenario's paths round robin, each request as the next credential. */
function rotating(
  paths: readonly string[],
  credentials: readonly Credential[],
): AutocannonRequest[] {
  let next = 0
  return [
    {
      setupRequest(request) {
        const i = next++
        request.path = paths[i % paths.length]!
        request.headers = { ...request.headers, ...credentials[i % credentials.length]! }
        return request
      },
    },
  ]
}

/** Request-path storage commands the gateway itself made per call (`gateway <command> <collection>`). */
async function gatewayCommandsPerCall(options: {
  metricsUrls: readonly string[]
  gatewayUrl: string
  path: string
  headers: Credential
  calls: number
}): Promise<number> {
  const read = async () => {
    const response = await fetch(`${options.gatewayUrl}${options.path}`, {
      headers: options.headers,
    })
    await response.body?.cancel()
    if (response.status !== 200) throw new Error(`${options.path}: ${response.status}`)
  }
  await read()
  const count = await countCommands(options.metricsUrls, {
    name: 'session check',
    budget: 0,
    calls: options.calls,
    run: async () => {
      for (let i = 0; i < options.calls; i++) await read()
    },
  })
  const gateway = Object.entries(count.byCommand).filter(([command]) =>
    command.startsWith('gateway '),
  )
  return Number(gateway.reduce((sum, [, perCall]) => sum + perCall, 0).toFixed(2))
}

/**
 * The warm read through sessions and through read keys (both the viewer role), taken in turns
 * (keys, sessions, keys, sessions) so that the machine's drift falls on both, compared by their
 * sums; then the gateway's storage commands per call of one session and of one key.
 */
export async function compareSessionToKey(options: {
  scenario: string
  paths: readonly string[]
  gatewayUrl: string
  metricsUrls: readonly string[]
  viewers: Viewers
  /** Measures one warm load and records it; answers its req/s. */
  measure: (what: 'keys' | 'sessions', round: number, load: HttpLoad) => Promise<number>
}): Promise<SessionComparison> {
  const { viewers } = options
  const load = (credentials: readonly Credential[]): HttpLoad => ({
    url: options.gatewayUrl,
    paths: options.paths,
    headers: credentials[0]!,
    requests: rotating(options.paths, credentials),
  })
  const served = { keys: 0, sessions: 0 }
  for (const round of [1, 2]) {
    served.keys += await options.measure('keys', round, load(viewers.keys))
    served.sessions += await options.measure('sessions', round, load(viewers.sessions))
  }
  const counted = (headers: Credential) =>
    gatewayCommandsPerCall({
      metricsUrls: options.metricsUrls,
      gatewayUrl: options.gatewayUrl,
      path: options.paths[0]!,
      headers,
      calls: 50,
    })
  return {
    scenario: options.scenario,
    viewers: viewers.sessions.length,
    ratio: Number((served.sessions / served.keys).toFixed(2)),
    sessionGatewayCommandsPerCall: await counted(viewers.sessions[0]!),
    keyGatewayCommandsPerCall: await counted(viewers.keys[0]!),
  }
}
