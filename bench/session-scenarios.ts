import { randomUUID } from 'node:crypto'
import process from 'node:process'
import { Redis } from 'ioredis'
import { jsonClient } from '@cms/testkit'
import type { HttpLoad } from './http-load.ts'
import { countCommands } from './storage-commands.ts'

/** A session's cost next to a key's, on one read scenario (docs/performance.md, "Sessions"). */
export interface SessionComparison {
  scenario: string
  /** The median over the pairs of rounds of session req/s over key req/s. */
  ratio: number
  /** Each pair's ratio, in the order taken. */
  pairRatios: number[]
  /** Storage commands per call the gateway made for the session's reads (the session check). */
  sessionGatewayCommandsPerCall: number
  /** The same for the read key, for comparison. */
  keyGatewayCommandsPerCall: number
  /** Redis commands per call, by command, of the session's reads and of the key's (one call at a time). */
  redisPerCall: { session: Record<string, number>; key: Record<string, number> }
}

/** The goal of issue 33: the warm read through a session within 0.95x of the same through a key. */
export const SESSION_RATIO_GOAL = 0.95

type Credential = Record<string, string>

/** A viewer of the website as a person: the session cookie and the website it names. */
export interface SignedInViewer {
  personId: string
  headers: Credential
}

/** The gateway's Redis prefix (`REDIS_PREFIX`, which the bench stack leaves at its default). */
const REDIS_PREFIX = 'cms:gateway'

/** A person with the viewer role on the website, created with the admin token, signed in. */
export async function signInViewer(options: {
  gatewayUrl: string
  adminToken: string
  websiteId: string
}): Promise<SignedInViewer> {
  const admin = jsonClient(options.gatewayUrl, { authorization: `Bearer ${options.adminToken}` })
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`
  const password = randomUUID()
  const created = await admin<{ id: string }>('POST', '/admin/api/people', {
    body: {
      email,
      name: 'Bench viewer',
      password,
      memberships: [{ websiteId: options.websiteId, role: 'viewer' }],
    },
  })
  if (created.status !== 201)
    throw new Error(`creating the bench viewer: ${created.status} ${created.text}`)
  const response = await fetch(`${options.gatewayUrl}/auth/password`, {
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
    throw new Error(`signing the bench viewer in: ${response.status}`)
  return {
    personId: created.body.id,
    headers: { cookie, 'x-cms-website': options.websiteId },
  }
}

/**
 * A person's calls share a fixed plan (600 a minute, 100,000 a day) where the bench's keys have
 * the largest one: the benchmark measures the system, not the rate limit. So while the session is
 * measured, its counters in Redis start from far below zero (the rate limiter's script adds to an
 * existing counter and keeps its expiry): each call is still counted as before, so the check costs
 * what it costs, and none is refused.
 */
export async function liftPersonPlan(redisUrl: string, personId: string) {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 })
  await redis.connect()
  const counters = ['minute', 'day'].map((window) => `${REDIS_PREFIX}:rl:${window}:${personId}`)
  return {
    /** Whether the gateway counts the person's calls under these counters. */
    async counted(): Promise<boolean> {
      return (await redis.exists(...counters)) === counters.length
    },
    /** Calls of each Redis command so far (`INFO commandstats`; the INFO itself left out). */
    async commandCalls(): Promise<Map<string, number>> {
      const stats = await redis.info('commandstats')
      const calls = new Map<string, number>()
      for (const [, name, count] of stats.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm))
        if (name !== 'info') calls.set(name!, Number(count))
      return calls
    },
    async lift(): Promise<void> {
      for (const counter of counters) await redis.set(counter, -1e12, 'EX', 3600)
    },
    async close(): Promise<void> {
      await redis.del(...counters)
      await redis.quit()
    },
  }
}

/**
 * One credential's reads one at a time: the request-path storage commands the gateway itself
 * made per call (`gateway <command> <collection>`), and the Redis commands per call (all of
 * Redis's, so nothing else may run meanwhile).
 */
async function commandsPerCall(options: {
  metricsUrls: readonly string[]
  gatewayUrl: string
  path: string
  headers: Credential
  calls: number
  redisCalls: () => Promise<Map<string, number>>
}): Promise<{ storage: number; redis: Record<string, number> }> {
  const read = async () => {
    const response = await fetch(`${options.gatewayUrl}${options.path}`, {
      headers: options.headers,
    })
    await response.body?.cancel()
    if (response.status !== 200) throw new Error(`${options.path}: ${response.status}`)
  }
  await read()
  const redisBefore = await options.redisCalls()
  const count = await countCommands(options.metricsUrls, {
    name: 'session check',
    budget: 0,
    calls: options.calls,
    run: async () => {
      for (let i = 0; i < options.calls; i++) await read()
    },
  })
  const redisAfter = await options.redisCalls()
  const redis: Record<string, number> = {}
  for (const [name, after] of redisAfter) {
    const perCall = (after - (redisBefore.get(name) ?? 0)) / options.calls
    if (perCall > 0) redis[name] = Number(perCall.toFixed(2))
  }
  const gateway = Object.entries(count.byCommand).filter(([command]) =>
    command.startsWith('gateway '),
  )
  return {
    storage: Number(gateway.reduce((sum, [, perCall]) => sum + perCall, 0).toFixed(2)),
    redis,
  }
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : Number(((sorted[middle - 1]! + sorted[middle]!) / 2).toFixed(2))
}

/** `BENCH_SESSION_PAIRS` (default 3): on a shared machine one pair can fall on a burst of other work. */
export const sessionPairs = (): number => {
  const pairs = Number(process.env.BENCH_SESSION_PAIRS ?? 3)
  if (!Number.isInteger(pairs) || pairs < 1)
    throw new Error('BENCH_SESSION_PAIRS must be a positive integer')
  return pairs
}

/**
 * The warm read through the viewer's session and through the read key (both the viewer role),
 * in pairs taken back to back, so that the machine's drift falls on both: the median of the
 * pairs' ratios; then the storage and Redis commands per call of each.
 */
export async function compareSessionToKey(options: {
  scenario: string
  paths: readonly string[]
  gatewayUrl: string
  metricsUrls: readonly string[]
  redisUrl: string
  keyHeaders: Credential
  viewer: SignedInViewer
  /** Pairs of rounds (a key's and a session's, back to back). */
  pairs: number
  /** Measures one warm load and records it; answers its req/s. */
  measure: (what: 'key' | 'session', round: number, load: HttpLoad) => Promise<number>
}): Promise<SessionComparison> {
  const load = (headers: Credential): HttpLoad => ({
    url: options.gatewayUrl,
    paths: options.paths,
    headers,
  })
  const lift = await liftPersonPlan(options.redisUrl, options.viewer.personId)
  try {
    const probe = await fetch(`${options.gatewayUrl}${options.paths[0]}`, {
      headers: options.viewer.headers,
    })
    await probe.body?.cancel()
    if (probe.status !== 200 || !(await lift.counted()))
      throw new Error(
        `a read through the session: ${probe.status}, or its rate-limit counters are not where the bench clears them`,
      )
    await lift.lift()
    const pairRatios: number[] = []
    for (let round = 1; round <= options.pairs; round++) {
      const measure = (what: 'key' | 'session') =>
        options.measure(
          what,
          round,
          load(what === 'key' ? options.keyHeaders : options.viewer.headers),
        )
      // Every other pair starts with the session, so neither always runs after the other.
      const [first, second] =
        round % 2 === 1 ? (['key', 'session'] as const) : (['session', 'key'] as const)
      const served = { [first]: await measure(first), [second]: await measure(second) }
      pairRatios.push(Number((served.session! / served.key!).toFixed(2)))
    }
    const counted = (headers: Credential) =>
      commandsPerCall({
        metricsUrls: options.metricsUrls,
        gatewayUrl: options.gatewayUrl,
        path: options.paths[0]!,
        headers,
        calls: 50,
        redisCalls: () => lift.commandCalls(),
      })
    const session = await counted(options.viewer.headers)
    const key = await counted(options.keyHeaders)
    return {
      scenario: options.scenario,
      ratio: median(pairRatios),
      pairRatios,
      sessionGatewayCommandsPerCall: session.storage,
      keyGatewayCommandsPerCall: key.storage,
      redisPerCall: { session: session.redis, key: key.redis },
    }
  } finally {
    await lift.close()
  }
}
