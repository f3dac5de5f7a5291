import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import process from 'node:process'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT, startableServiceCommand } from '@cms/stack'
import type { ServiceName } from '@cms/stack'
import { testEnv } from '@cms/testkit'

const SERVICES: ServiceName[] = ['gateway', 'content-write', 'schema', 'webhook']

/** A complete, valid environment for each service, pointing at the test stack. */
function validEnv(service: ServiceName): Record<string, string> {
  const env = testEnv()
  const common = {
    HOST: '127.0.0.1',
    PORT: '0',
    INTERNAL_TOKEN: env.internalToken,
    MONGO_URL: env.mongoUrl,
  }
  switch (service) {
    case 'gateway':
      return {
        ...common,
        CMS_PORT: '0',
        REDIS_URL: env.redisUrl,
        CMS_ADMIN_TOKEN: env.adminToken,
        CONTENT_READ_URL: env.contentReadUrl,
        CONTENT_WRITE_URL: env.contentWriteUrl,
        SCHEMA_URL: env.schemaUrl,
        WEBHOOK_URL: env.webhookUrl,
      }
    case 'schema':
      return { ...common, AMQP_URL: env.amqpUrl, CONTENT_URL: env.contentReadUrl }
    case 'webhook':
      return { ...common, AMQP_URL: env.amqpUrl }
    default:
      return {
        ...common,
        AMQP_URL: env.amqpUrl,
        REDIS_URL: env.redisUrl,
        SCHEMA_URL: env.schemaUrl,
        CONTENT_MODE: 'write',
      }
  }
}

async function runUntilExit(
  service: ServiceName,
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stderr: string }> {
  const { command, args } = await startableServiceCommand(service, 'node')
  const clean: Record<string, string | undefined> = { ...process.env }
  for (const name of [
    'PORT',
    'CMS_PORT',
    'HOST',
    'INTERNAL_TOKEN',
    'MONGO_URL',
    'REDIS_URL',
    'AMQP_URL',
    'CMS_ADMIN_TOKEN',
  ])
    delete clean[name]
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      env: { ...clean, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${service} did not exit; stderr: ${stderr}`))
    }, 30_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr })
    })
  })
}

function expectOneClearLine(
  result: { code: number | null; stderr: string },
  service: ServiceName,
  mention: string,
) {
  expect(result.code).not.toBe(0)
  expect(result.code).not.toBeNull()
  const lines = result.stderr.trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(new RegExp(`^${service.replace('-write', '')}: cannot start: `))
  expect(lines[0]).toContain(mention)
  expect(result.stderr).not.toMatch(/\n\s+at /)
}

describe('startup configuration', () => {
  it.each(SERVICES)(
    'when %s starts without INTERNAL_TOKEN, then it refuses with one clear line',
    async (service) => {
      const env = { ...validEnv(service), INTERNAL_TOKEN: undefined }
      expectOneClearLine(await runUntilExit(service, env), service, 'INTERNAL_TOKEN is required')
    },
  )

  it.each(SERVICES)(
    'when %s gets a malformed MONGO_URL, then it refuses with one clear line',
    async (service) => {
      const env = { ...validEnv(service), MONGO_URL: 'http://not-mongo' }
      expectOneClearLine(await runUntilExit(service, env), service, 'MONGO_URL')
    },
  )

  it.each(SERVICES)(
    'when the port of %s is in use, then it refuses with one clear line',
    async (service) => {
      const blocker = createServer()
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
      const port = String((blocker.address() as AddressInfo).port)
      try {
        const env = { ...validEnv(service), PORT: port, CMS_PORT: port }
        expectOneClearLine(await runUntilExit(service, env), service, 'already in use')
      } finally {
        blocker.close()
      }
    },
  )

  it('when the gateway gets OIDC_PROVIDERS it cannot use, then it refuses with one clear line naming the problem', async () => {
    const provider = { id: 'corp', name: 'Corp', clientId: 'cms', clientSecret: 'secret' }
    const cases: Array<[string, string]> = [
      ['[{', 'OIDC_PROVIDERS: not JSON'],
      [
        JSON.stringify([{ ...provider, issuer: 'http://login.example.com' }]),
        'OIDC_PROVIDERS: [0].issuer must be an https URL',
      ],
    ]
    for (const [value, mention] of cases) {
      const env = { ...validEnv('gateway'), OIDC_PROVIDERS: value }
      expectOneClearLine(await runUntilExit('gateway', env), 'gateway', mention)
    }
  })
})
