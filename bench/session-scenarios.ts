import { randomUUID } from 'node:crypto'
import { jsonClient } from '@cms/testkit'
import { countCommands } from './storage-commands.ts'

/** A session's cost next to a key's, on one read scenario (docs/performance.md, "session"). */
export interface SessionComparison {
  scenario: string
  /** Summed req/s of the rounds through the session over those through the read key. */
  ratio: number
  /** Storage commands per call the gateway made for session reads (the session check). */
  sessionGatewayCommandsPerCall: number
  /** The same for the read key, for comparison. */
  keyGatewayCommandsPerCall: number
}

/** The goal of issue 33: the warm read through a session within 0.95x of the same through a key. */
export const SESSION_RATIO_GOAL = 0.95

/**
 * A viewer of the website, as a person: created with the admin token, signed in with a password.
 * Requests then carry the session cookie and name the website in `x-cms-website`.
 */
export async function signInViewer(options: {
  gatewayUrl: string
  adminToken: string
  websiteId: string
}): Promise<Record<string, string>> {
  const admin = jsonClient(options.gatewayUrl, { authorization: `Bearer ${options.adminToken}` })
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`
  const password = randomUUID()
  const created = await admin('POST', '/admin/api/people', {
    body: {
      email,
      name: 'Bench viewer',
      password,
      memberships: [{ websiteId: options.websiteId, role: 'viewer' }],
    },
  })
  if (created.status !== 201)
    throw new Error(`creating the bench person failed: ${created.status} ${created.text}`)
  const signIn = await fetch(`${options.gatewayUrl}/auth/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  await signIn.body?.cancel()
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('cms_session='))
  if (signIn.status !== 200 || !cookie)
    throw new Error(`signing the bench person in failed: ${signIn.status}`)
  return { cookie, 'x-cms-website': options.websiteId }
}

/** Request-path storage commands the gateway itself made per call (`gateway <command> <collection>`). */
async function gatewayCommandsPerCall(options: {
  metricsUrls: readonly string[]
  gatewayUrl: string
  path: string
  headers: Record<string, string>
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
 * The warm read through the session and through the read key (both the viewer role), taken in
 * turns (key, session, key, session) so that the machine's drift falls on both, compared by
 * their sums; then the gateway's storage commands per call of each.
 */
export async function compareSessionToKey(options: {
  scenario: string
  paths: readonly string[]
  gatewayUrl: string
  metricsUrls: readonly string[]
  keyHeaders: Record<string, string>
  sessionHeaders: Record<string, string>
  /** Measures one warm load (the run's `http`, after visiting every path) and records it. */
  measure: (
    what: 'key' | 'session',
    round: number,
    headers: Record<string, string>,
  ) => Promise<number>
}): Promise<SessionComparison> {
  const served = { key: 0, session: 0 }
  for (const round of [1, 2]) {
    served.key += await options.measure('key', round, options.keyHeaders)
    served.session += await options.measure('session', round, options.sessionHeaders)
  }
  const counted = (headers: Record<string, string>) =>
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
    sessionGatewayCommandsPerCall: await counted(options.sessionHeaders),
    keyGatewayCommandsPerCall: await counted(options.keyHeaders),
  }
}
