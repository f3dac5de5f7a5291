import { join } from 'node:path'
import {
  freePort,
  managedProcess,
  REPO_ROOT,
  startableServiceCommand,
  startStack,
} from '@cms/stack'
import type { ManagedProcess, Stack } from '@cms/stack'

/**
 * The content services' `CHANGE_LOG_GRACE_MS` in the bench stack (60 s by default): the deltas
 * wait for it, and no writer of the bench stalls between its claim and its commit.
 */
export const BENCH_CHANGE_LOG_GRACE_MS = 5_000

export interface BenchStack {
  stack: Stack
  /** Gateway with the read cache (the default configuration). */
  gatewayUrl: string
  /** A second gateway on the same Redis and services with the read cache off: cold reads. */
  coldGatewayUrl: string
  /** Where every service, the cold gateway included, serves `/metrics` (their metrics ports). */
  metricsUrls: string[]
  contentReadUrl: string
  contentWriteUrl: string
  /**
   * A second content writer on the same servers with `AUDIT_LOG=off`: the writes' baseline
   * without the audit log, measured in the same run (docs/performance.md, "Audit log").
   */
  auditOffWriteUrl: string
  stop(): Promise<void>
}

async function isReady(url: string): Promise<boolean> {
  const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) })
  await response.body?.cancel()
  return response.ok
}

/**
 * The whole system as tests run it, plus a cache-off gateway, with logs kept quiet. The
 * gateways wait up to 300 s for a service: with 20 cold lists in flight on FerretDB one answer
 * takes longer than the default 15 s. `profileDir`: CPU profiles of the gateways, the content
 * services and the webhook service, written when they stop.
 */
export async function startBenchStack(options: {
  log: (line: string) => void
  profileDir?: string
  /** The gateway's `CHANGE_STREAMS_PER_WEBSITE`: the change-stream scenario opens this many. */
  changeStreams?: number
}): Promise<BenchStack> {
  const { log } = options
  const quiet = { LOG_LEVEL: 'warn' }
  const changeLog = { CHANGE_LOG_GRACE_MS: String(BENCH_CHANGE_LOG_GRACE_MS) }
  const profiled = (name: string): Record<string, string> =>
    options.profileDir
      ? {
          NODE_OPTIONS: `--import ${join(REPO_ROOT, 'bench', 'cpu-profile.mjs')}`,
          BENCH_PROFILE_DIR: options.profileDir,
          BENCH_PROFILE_NAME: name,
        }
      : {}
  const gatewayEnv = {
    ...quiet,
    UPSTREAM_TIMEOUT_MS: '300000',
    ...(options.changeStreams && { CHANGE_STREAMS_PER_WEBSITE: String(options.changeStreams) }),
  }
  const stack = await startStack({
    name: `bench-${Date.now()}`,
    ephemeral: true,
    log,
    env: {
      gateway: { ...gatewayEnv, ...profiled('gateway') },
      'content-read': { ...quiet, ...changeLog, ...profiled('content-read') },
      'content-write': { ...quiet, ...changeLog, ...profiled('content-write') },
      schema: quiet,
      webhook: { ...quiet, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', ...profiled('webhook') },
    },
  })
  const { services, backends } = stack
  const extras: ManagedProcess[] = []
  /** One more instance of a service on the stack's servers, started and listed for stop(). */
  async function startExtra(options: {
    name: string
    service: 'gateway' | 'content-write'
    portVariable: 'CMS_PORT' | 'PORT'
    env: Record<string, string>
  }) {
    const port = await freePort()
    const metricsPort = await freePort()
    const url = `http://127.0.0.1:${port}`
    const { command, args } = await startableServiceCommand(options.service, 'node')
    const managed = managedProcess({
      name: options.name,
      command,
      args,
      cwd: REPO_ROOT,
      env: {
        HOST: '127.0.0.1',
        [options.portVariable]: String(port),
        METRICS_PORT: String(metricsPort),
        MONGO_URL: backends.mongo.url,
        REDIS_URL: backends.redis.url,
        INTERNAL_TOKEN: services.internalToken,
        SCHEMA_URL: services.urls.schema,
        ...options.env,
      },
      logFile: join(stack.dataDir, 'logs', `${options.name}.log`),
      isReady: () => isReady(url),
      readyTimeoutMs: 90_000,
    })
    extras.push(managed)
    await managed.start()
    return { url, metricsUrl: `http://127.0.0.1:${metricsPort}` }
  }
  const stopExtras = () => Promise.allSettled(extras.map((extra) => extra.stop()))
  try {
    const cold = await startExtra({
      name: 'gateway-cold',
      service: 'gateway',
      portVariable: 'CMS_PORT',
      env: {
        CMS_ADMIN_TOKEN: services.adminToken,
        CONTENT_READ_URL: services.urls['content-read'],
        CONTENT_WRITE_URL: services.urls['content-write'],
        WEBHOOK_URL: services.urls.webhook,
        READ_CACHE: 'off',
        ...gatewayEnv,
        ...profiled('gateway-cold'),
      },
    })
    const auditOff = await startExtra({
      name: 'content-write-audit-off',
      service: 'content-write',
      portVariable: 'PORT',
      env: {
        AMQP_URL: backends.amqp.url,
        CONTENT_MODE: 'write',
        AUDIT_LOG: 'off',
        ...quiet,
        ...changeLog,
      },
    })
    return {
      stack,
      gatewayUrl: services.gatewayUrl,
      coldGatewayUrl: cold.url,
      metricsUrls: [cold.metricsUrl, auditOff.metricsUrl, ...Object.values(services.metricsUrls)],
      contentReadUrl: services.urls['content-read'],
      contentWriteUrl: services.urls['content-write'],
      auditOffWriteUrl: auditOff.url,
      async stop() {
        await stopExtras()
        await stack.stop()
      },
    }
  } catch (error) {
    await stopExtras()
    await stack.stop()
    throw error
  }
}
