import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { jsonClient } from '@cms/testkit'
import type { HttpLoad } from './http-load.ts'
import { countCommands } from './storage-commands.ts'

/** A session's cost next to a key's, on one read scenario (docs/performance.md, "Sessions"). */
export interface SessionComparison {
  scenario: string
  /** Summed req/s of the rounds through the session over those through the read key. */
  ratio: number
  /** Storage commands per call the gateway made for the session's reads (the session check). */
  sessionGatewayCommandsPerCall: number
  /** The same for the read key, for comparison. */
  keyGatewayCommandsPerCall: number
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
    async lift(): Promise<void> {
      for (const counter of counters) await redis.set(counter, -1e12, 'EX', 3600)
    },
    async close(): Promise<void> {
      await redis.del(...counters)
      await redis.quit()
    },
  }
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
 * The warm read through the viewer's session and through the read key (both the viewer role),
 * taken in turns (key, session, three times) so that the machine's drift falls on both,
 * compared by their sums; then the gateway's storage commands per call of each.
 */
export async function compareSessionToKey(options: {
  scenario: string
  paths: readonly string[]
  gatewayUrl: string
  metricsUrls: readonly string[]
  redisUrl: string
  keyHeaders: Credential
  viewer: SignedInViewer
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
    const served = { key: 0, session: 0 }
    for (const round of [1, 2, 3]) {
      served.key += await options.measure('key', round, load(options.keyHeaders))
      served.session += await options.measure('session', round, load(options.viewer.headers))
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
      ratio: Number((served.session / served.key).toFixed(2)),
      sessionGatewayCommandsPerCall: await counted(options.viewer.headers),
      keyGatewayCommandsPerCall: await counted(options.keyHeaders),
    }
  } finally {
    await lift.close()
  }
}
