import { join } from 'node:path'
import process from 'node:process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, managedProcess, startableServiceCommand, REPO_ROOT } from '@cms/stack'
import type { ManagedProcess } from '@cms/stack'
import { createTestWebsite, jsonClient, testEnv, waitFor } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import type { RunningGateway } from '../services/gateway/src/main.ts'
import { startGateway } from '../services/gateway/test/support/gateway-under-test.ts'

/**
 * A content read service of our own (the shared one must keep serving other test files), a
 * gateway in this process in front of it, and the shared schema/write/webhook services.
 */
let content: ManagedProcess
let gateway: RunningGateway
let api: ApiCall

beforeAll(async () => {
  const env = testEnv()
  const port = await freePort()
  const contentUrl = `http://127.0.0.1:${port}`
  const { command, args } = await startableServiceCommand('content-read', 'node')
  content = managedProcess({
    name: 'content-read (outage test)',
    command,
    args,
    cwd: REPO_ROOT,
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      INTERNAL_TOKEN: env.internalToken,
      MONGO_URL: env.mongoUrl,
      REDIS_URL: env.redisUrl,
      AMQP_URL: env.amqpUrl,
      SCHEMA_URL: env.schemaUrl,
      CONTENT_MODE: 'read',
    },
    logFile: join(
      process.env.CMS_TEST_DATA_DIR ?? join(REPO_ROOT, '.data'),
      'logs',
      `content-read-outage-${port}.log`,
    ),
    isReady: async () =>
      (await fetch(`${contentUrl}/readyz`, { signal: AbortSignal.timeout(2000) })).ok,
  })
  await content.start()
  gateway = await startGateway({
    CONTENT_READ_URL: contentUrl,
    UPSTREAM_TIMEOUT_MS: '1500',
    // Every read must reach the service here; a cached answer would hide the outage.
    READ_CACHE: 'false',
  })
  const site = await createTestWebsite()
  api = jsonClient(gateway.url, { 'x-api-key': site.readKey })
}, 120_000)

afterAll(async () => {
  await gateway?.stop()
  await content?.stop()
})

describe('gateway when the content service goes away', () => {
  it('errors: a backing service down is 503 — when content is stopped, then reads get 503 quickly, other routes and health stay fine, and it recovers', async () => {
    // Serving first (a list on the shared FerretDB can outlast the 1.5 s time-out on a busy run).
    await waitFor(
      async () => ((await api('GET', '/api/content')).status === 200 ? true : undefined),
      {
        timeoutMs: 30_000,
        what: 'a list answered 200 before the outage',
      },
    )
    await content.stop()

    const started = Date.now()
    const down = await api('GET', '/api/content')
    expect(down.status).toBe(503)
    expect(down.body).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) },
    })
    expect(Date.now() - started).toBeLessThan(2000)
    expect((await api('GET', '/api/content-types')).status).toBe(200)
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200)
    expect((await fetch(`${gateway.url}/readyz`)).status).toBe(200)

    await content.start()
    const back = await waitFor(
      async () => {
        const response = await api('GET', '/api/content')
        return response.status === 200 ? response : undefined
      },
      { timeoutMs: 10_000, what: 'reads to succeed again' },
    )
    expect(back.body.docs).toEqual([])
  }, 120_000)

  it('errors: a backing service down is 503 — when content hangs, then reads get 503 once the upstream time-out passes, and it recovers', async () => {
    const pid = content.pid()!
    process.kill(pid, 'SIGSTOP')
    try {
      const started = Date.now()
      const hung = await api('GET', '/api/content')
      expect(hung.status).toBe(503)
      expect(hung.body.error.code).toBe('SERVICE_UNAVAILABLE')
      expect(Date.now() - started).toBeLessThan(5000)
    } finally {
      process.kill(pid, 'SIGCONT')
    }
    await waitFor(
      async () => ((await api('GET', '/api/content')).status === 200 ? true : undefined),
      {
        timeoutMs: 10_000,
        what: 'reads to succeed after the hang',
      },
    )
  }, 60_000)
})
