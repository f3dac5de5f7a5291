import { join } from 'node:path'
import { freePort, managedProcess, REPO_ROOT, serviceCommand, startStack } from '@cms/stack'
import type { ManagedProcess, Stack } from '@cms/stack'

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
}): Promise<BenchStack> {
  const { log } = options
  const quiet = { LOG_LEVEL: 'warn' }
  const profiled = (name: string): Record<string, string> =>
    options.profileDir
      ? {
          NODE_OPTIONS: `--import ${join(REPO_ROOT, 'bench', 'cpu-profile.mjs')}`,
          BENCH_PROFILE_DIR: options.profileDir,
          BENCH_PROFILE_NAME: name,
        }
      : {}
  const gatewayEnv = { ...quiet, UPSTREAM_TIMEOUT_MS: '300000' }
  const stack = await startStack({
    name: `bench-${Date.now()}`,
    ephemeral: true,
    log,
    env: {
      gateway: { ...gatewayEnv, ...profiled('gateway') },
      'content-read': { ...quiet, ...profiled('content-read') },
      'content-write': { ...quiet, ...profiled('content-write') },
      schema: quiet,
      webhook: { ...quiet, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', ...profiled('webhook') },
    },
  })
  const { services, backends } = stack
  let cold: ManagedProcess | undefined
  try {
    const port = await freePort()
    const metricsPort = await freePort()
    const coldUrl = `http://127.0.0.1:${port}`
    const { command, args } = serviceCommand('gateway', 'node')
    cold = managedProcess({
      name: 'gateway-cold',
      command,
      args,
      cwd: REPO_ROOT,
      env: {
        HOST: '127.0.0.1',
        CMS_PORT: String(port),
        METRICS_PORT: String(metricsPort),
        MONGO_URL: backends.mongo.url,
        REDIS_URL: backends.redis.url,
        INTERNAL_TOKEN: services.internalToken,
        CMS_ADMIN_TOKEN: services.adminToken,
        CONTENT_READ_URL: services.urls['content-read'],
        CONTENT_WRITE_URL: services.urls['content-write'],
        SCHEMA_URL: services.urls.schema,
        WEBHOOK_URL: services.urls.webhook,
        READ_CACHE: 'off',
        ...gatewayEnv,
        ...profiled('gateway-cold'),
      },
      logFile: join(stack.dataDir, 'logs', 'gateway-cold.log'),
      isReady: () => isReady(coldUrl),
      readyTimeoutMs: 90_000,
    })
    await cold.start()
    return {
      stack,
      gatewayUrl: services.gatewayUrl,
      coldGatewayUrl: coldUrl,
      metricsUrls: [`http://127.0.0.1:${metricsPort}`, ...Object.values(services.metricsUrls)],
      contentReadUrl: services.urls['content-read'],
      contentWriteUrl: services.urls['content-write'],
      async stop() {
        await cold?.stop()
        await stack.stop()
      },
    }
  } catch (error) {
    await cold?.stop()
    await stack.stop()
    throw error
  }
}
