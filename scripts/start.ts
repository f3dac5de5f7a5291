import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import process from 'node:process'
import { env, exitOnStartupError, readConfig } from '@cms/config'
import { newSecret, startStack } from '@cms/stack'
import type { Stack } from '@cms/stack'

const config = await exitOnStartupError('cms', async () =>
  readConfig({
    CMS_PORT: env.port({ default: 8080 }),
    CMS_ADMIN_TOKEN: env.optionalString(),
    CMS_RUNTIME: env.oneOf(['node', 'deno'] as const, { default: 'node' }),
  }),
)

const say = (line: string) => process.stdout.write(`${line}\n`)

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

const adminToken = config.CMS_ADMIN_TOKEN ?? newSecret()
say('cms: starting MongoDB, Redis, RabbitMQ and the services ...')
const stack = await exitOnStartupError('cms', () =>
  startStack({
    name: 'dev',
    gatewayPort: config.CMS_PORT,
    adminToken,
    runtime: config.CMS_RUNTIME,
    log: (line) => say(`cms: ${line}`),
    env: { webhook: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } },
  }),
)

let stopping = false
const shutdown = async () => {
  if (stopping) return
  stopping = true
  say('\ncms: stopping ...')
  await stack.stop()
  say('cms: stopped')
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)

try {
  const demo = await ensureDemoWebsite(stack, adminToken)
  const gateway = stack.services.gatewayUrl
  say('')
  say(`  Gateway        ${gateway}   (health: ${gateway}/healthz)`)
  say(`  Admin panel    ${gateway}/admin`)
  say(
    `  Admin token    ${adminToken}${config.CMS_ADMIN_TOKEN ? '' : '   (generated; set CMS_ADMIN_TOKEN to choose one)'}`,
  )
  say(`  Demo website   ${demo.websiteId}`)
  say(`  Demo admin key ${demo.key}`)
  say(`  Backends       ${stack.backends.provider} (data and logs in ${stack.dataDir})`)
  say(
    '  Webhooks may target private and loopback addresses in this local stack (WEBHOOK_ALLOW_PRIVATE_TARGETS=true).',
  )
  say('')
  say(`  Try: curl -H 'x-api-key: ${demo.key}' ${gateway}/api/content-types`)
  say('  Press Ctrl-C to stop.')
} catch (error) {
  process.stderr.write(
    `cms: the stack started but setting up the demo website failed: ${(error as Error).message}\n`,
  )
  await shutdown()
}
