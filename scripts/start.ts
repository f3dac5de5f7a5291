import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import process from 'node:process'
import { CmsApiError, createCmsAdminClient } from '@cms/client'
import { env, exitOnStartupError, readConfig, StartupError } from '@cms/config'
import {
  acquireDataFolderLock,
  DATA_ROOT,
  endLeftovers,
  identityOf,
  newSecret,
  portIsFree,
  startStack,
  storageKind,
  supervise,
} from '@cms/stack'
import type { DataFolderLock, ManagedProcess, Stack, Supervisor } from '@cms/stack'

/**
 * `npm start`: one stack per data folder (a lock taken before anything starts), every process
 * it launches supervised and restarted when it crashes, Ctrl-C stopping all of it in order.
 * docs/local-runtime.md describes the whole runtime.
 */
const config = await exitOnStartupError('cms', async () =>
  readConfig({
    CMS_PORT: env.port({ default: 8080 }),
    CMS_ADMIN_TOKEN: env.optionalString(),
    CMS_RUNTIME: env.oneOf(['node', 'deno'] as const, { default: 'node' }),
    CMS_DATA_DIR: env.optionalString(),
  }),
)

// The token goes to the gateway alone (startStack passes it); no other process inherits it.
delete process.env.CMS_ADMIN_TOKEN

const say = (line: string) => process.stdout.write(`${line}\n`)
const report = (line: string) => say(`cms: ${line}`)
const dataDir = resolve(config.CMS_DATA_DIR ?? join(DATA_ROOT, 'dev'))
const gatewayUrl = `http://127.0.0.1:${config.CMS_PORT}`

interface DemoCredentials {
  websiteId: string
  key: string
}

/** The demo website and its admin key are made on first start; the key is kept for later starts. */
async function ensureDemoWebsite(stack: Stack, adminToken: string): Promise<DemoCredentials> {
  const file = join(stack.dataDir, 'demo-website.json')
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DemoCredentials
  const admin = (path: string, body: unknown) =>
    fetch(`${stack.services.gatewayUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (response) => {
      if (!response.ok)
        throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
      return (await response.json()) as Record<string, string>
    })
  const website = await admin('/admin/api/websites', { name: 'demo' })
  const key = await admin(`/admin/api/websites/${website.id}/keys`, {
    name: 'demo admin',
    scope: 'admin',
  })
  const credentials = { websiteId: website.id!, key: key.key! }
  writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600 })
  return credentials
}

/**
 * While nobody can sign in as an operator: the one-time link that creates the first
 * (docs/people.md). Not having one stops nothing: an operator exists (409), or the gateway's
 * log carries the link it made at its own start.
 */
async function firstOperatorLink(stack: Stack, adminToken: string): Promise<string> {
  const admin = createCmsAdminClient({ token: adminToken, baseUrl: stack.services.gatewayUrl })
  try {
    return (await admin.people.firstOperatorLink()).link
  } catch (error) {
    if (error instanceof CmsApiError && error.status === 409) return ''
    return `(not made: ${(error as Error).message}; the gateway's log has one)`
  }
}

/** The lock first (a second start on this folder says who runs it), then the gateway's port. */
async function claim(): Promise<DataFolderLock> {
  mkdirSync(dataDir, { recursive: true })
  const lock = acquireDataFolderLock(dataDir, gatewayUrl)
  if (lock.tookOver) {
    const ended = await endLeftovers(lock.tookOver.processes)
    report(
      `took over the lock of a start that is gone (pid ${lock.tookOver.pid})${ended.length ? `; ended what it left running: ${ended.join(', ')}` : ''}`,
    )
  }
  if (!(await portIsFree(config.CMS_PORT))) {
    lock.release()
    throw new StartupError(
      `the gateway port ${config.CMS_PORT} is already in use on 127.0.0.1; stop what listens there or set CMS_PORT to a free port`,
    )
  }
  return lock
}

const lock = await exitOnStartupError('cms', claim)
// Ctrl-C while the stack comes up: the start finishes what it began, then stops all of it.
let interrupted = false
const interruptStart = () => {
  if (!interrupted) report('stopping once the processes being started can be stopped ...')
  interrupted = true
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, interruptStart)
const adminToken = config.CMS_ADMIN_TOKEN ?? newSecret()
report(`starting MongoDB, Redis, RabbitMQ and the services (data in ${dataDir}) ...`)
const stack = await exitOnStartupError('cms', async () => {
  try {
    return await startStack({
      dataDir,
      gatewayPort: config.CMS_PORT,
      adminToken,
      runtime: config.CMS_RUNTIME,
      log: report,
      env: { webhook: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } },
    })
  } catch (error) {
    lock.release()
    throw error
  }
})

const recordProcesses = () =>
  lock.update({
    processes: stack.processes().map((managed: ManagedProcess) => ({
      name: managed.name,
      ...identityOf(managed.pid()!),
    })),
  })
lock.update({
  backends: {
    mongo: stack.backends.mongo.url,
    redis: stack.backends.redis.url,
    amqp: stack.backends.amqp.url,
  },
})
recordProcesses()
const supervisor: Supervisor = supervise({
  processes: stack.processes(),
  report,
  onRestarted: recordProcesses,
})

let stopping = false
const shutdown = async (exitCode = 0) => {
  if (stopping) return
  stopping = true
  say('\ncms: stopping ...')
  supervisor.stop()
  await stack.stop()
  lock.release()
  say('cms: stopped')
  process.exit(exitCode)
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.off(signal, interruptStart)
  process.on(signal, () => void shutdown())
}
if (interrupted) await shutdown()

try {
  const demo = await ensureDemoWebsite(stack, adminToken)
  const firstOperator = await firstOperatorLink(stack, adminToken)
  const storage = await storageKind(stack.backends.mongo.url).catch(() => undefined)
  const gateway = stack.services.gatewayUrl
  say('')
  say(`  Gateway        ${gateway}   (health: ${gateway}/healthz)`)
  say(`  Admin panel    ${gateway}/admin`)
  say(
    `  Metrics        ${stack.services.metricsUrls.gateway}/metrics   (every service serves /metrics on a port of its own)`,
  )
  say(
    `  Admin token    ${adminToken}${config.CMS_ADMIN_TOKEN ? '' : '   (generated; set CMS_ADMIN_TOKEN to choose one)'}`,
  )
  if (firstOperator)
    say(`  First operator ${firstOperator}   (one-time, 24 h: sign-in for the first operator)`)
  say(`  Demo website   ${demo.websiteId}`)
  say(`  Demo admin key ${demo.key}`)
  say(`  Backends       ${stack.backends.provider} (data and logs in ${stack.dataDir})`)
  if (storage === 'FerretDB') {
    say(
      '  Storage        FerretDB: lists scan every document (~3.5 s at 10,000); for MongoDB set MONGO_URL or put mongod on the PATH',
    )
  }
  say(
    '  Webhooks may target private and loopback addresses in this local stack (WEBHOOK_ALLOW_PRIVATE_TARGETS=true).',
  )
  say('  Crashed processes are restarted and reported here.')
  say('')
  say(`  Try: curl -H 'x-api-key: ${demo.key}' ${gateway}/api/content-types`)
  say('  Press Ctrl-C to stop.')
} catch (error) {
  process.stderr.write(
    `cms: the stack started but setting up the demo website failed: ${(error as Error).message}\n`,
  )
  await shutdown(1)
}
