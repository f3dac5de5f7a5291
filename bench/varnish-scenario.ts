import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import {
  freePort,
  managedProcess,
  REPO_ROOT,
  startableServiceCommand,
  startVarnish,
} from '@cms/stack'
import type { Stack } from '@cms/stack'
import type { ApiCall } from '@cms/testkit'
import { visitEveryPath } from './http-load.ts'
import type { HttpLoad } from './http-load.ts'
import type { Measurement } from './measurement.ts'

/**
 * Reads through Varnish (issue 36): the same read mix with one write a second, against the
 * gateway alone and through Varnish (deploy/varnish) in front of a gateway that purges it, in
 * the same run; the hit ratio from Varnish's own counters.
 */
export interface VarnishBench {
  paths: number
  gateway: Measurement
  varnish: Measurement
  /** cache hits / (hits + misses) during the Varnish measurement. */
  hitRatio: number
  /** Cache misses during the Varnish measurement: what the purges sent back to the gateway. */
  misses: number
  /** PURGE calls the purging gateway made to Varnish during its measurement. */
  purgeCalls: number
  /** Writes made during each measurement (one a second) and those that failed. */
  writes: { gateway: number; varnish: number; failed: number }
}

const run = promisify(execFile)

async function varnishCounters(workDir: string): Promise<Record<string, number>> {
  const { stdout } = await run('varnishstat', ['-n', workDir, '-1', '-j'])
  const parsed = JSON.parse(stdout) as { counters?: Record<string, { value: number }> }
  // varnishstat 7 nests the counters; older ones list them at the top level.
  const counters = parsed.counters ?? (parsed as Record<string, { value: number }>)
  return Object.fromEntries(
    Object.entries(counters)
      .filter(([, counter]) => typeof counter?.value === 'number')
      .map(([name, counter]) => [name, counter.value]),
  )
}

/** The purging gateway's `cdn_purges_sent_total` for Varnish (docs/cdn.md, "Purges"). */
async function purgeCallsOf(metricsUrl: string): Promise<number> {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text()
  const sample = /^cdn_purges_sent_total\{[^}]*purger="varnish"[^}]*\}\s+([0-9.e+]+)$/m.exec(text)
  return sample ? Number(sample[1]) : 0
}

/** One more gateway on the stack's services and servers, the only one that purges Varnish. */
async function startPurgingGateway(stack: Stack, varnishPort: number) {
  const port = await freePort()
  const metricsPort = await freePort()
  const url = `http://127.0.0.1:${port}`
  const { services, backends } = stack
  const { command, args } = await startableServiceCommand('gateway', 'node')
  const gateway = managedProcess({
    name: 'gateway-varnish',
    command,
    args,
    cwd: REPO_ROOT,
    env: {
      HOST: '127.0.0.1',
      CMS_PORT: String(port),
      METRICS_PORT: String(metricsPort),
      MONGO_URL: backends.mongo.url,
      REDIS_URL: backends.redis.url,
      AMQP_URL: backends.amqp.url,
      INTERNAL_TOKEN: services.internalToken,
      CMS_ADMIN_TOKEN: services.adminToken,
      CONTENT_READ_URL: services.urls['content-read'],
      CONTENT_WRITE_URL: services.urls['content-write'],
      SCHEMA_URL: services.urls.schema,
      WEBHOOK_URL: services.urls.webhook,
      LOG_LEVEL: 'warn',
      UPSTREAM_TIMEOUT_MS: '300000',
      CDN_PURGERS: 'varnish',
      VARNISH_PURGE_URLS: `http://127.0.0.1:${varnishPort}`,
    },
    logFile: join(stack.dataDir, 'logs', 'gateway-varnish.log'),
    isReady: async () => {
      const answer = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) })
      await answer.body?.cancel()
      return answer.ok
    },
    readyTimeoutMs: 90_000,
  })
  await gateway.start()
  return { url, metricsUrl: `http://127.0.0.1:${metricsPort}`, stop: () => gateway.stop() }
}

/** Republishes one of `ids` each second (an edit, then its publish) until stopped. */
function writeEverySecond(api: ApiCall, ids: readonly string[]) {
  let writes = 0
  let failed = 0
  let stopped = false
  const loop = (async () => {
    while (!stopped) {
      const started = Date.now()
      const id = ids[writes % ids.length]!
      const edit = await api('PATCH', `/api/content/${id}`, {
        body: { data: { title: `bench edit ${writes}` } },
      })
      const publish = edit.status === 200 ? await api('POST', `/api/content/${id}/publish`) : edit
      if (publish.status !== 200) failed++
      writes++
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, 1000 - (Date.now() - started))),
      )
    }
  })()
  return async () => {
    stopped = true
    await loop
    return { writes, failed }
  }
}

export async function measureThroughVarnish(options: {
  stack: Stack
  gatewayUrl: string
  readKey: string
  /** Writes through the gateway with an admin key. */
  api: ApiCall
  /** The read mix, sent round robin. */
  paths: readonly string[]
  /** Documents the writes republish. */
  writeIds: readonly string[]
  connections: number
  measure: (what: string, load: HttpLoad) => Promise<Measurement>
  log: (line: string) => void
}): Promise<VarnishBench> {
  const varnishPort = await freePort()
  const purging = await startPurgingGateway(options.stack, varnishPort)
  const varnish = await startVarnish({
    dataDir: options.stack.dataDir,
    gatewayUrl: purging.url,
    port: varnishPort,
    log: options.log,
  })
  try {
    const headers = { 'x-api-key': options.readKey }
    const load = (url: string): HttpLoad => ({ url, headers, paths: options.paths })
    await visitEveryPath(load(options.gatewayUrl), options.connections)
    await visitEveryPath(load(varnish.url), options.connections)

    const gatewayWrites = writeEverySecond(options.api, options.writeIds)
    const gateway = await options.measure('gateway alone, 1 write/s', load(options.gatewayUrl))
    const gatewayWritten = await gatewayWrites()

    const before = await varnishCounters(varnish.workDir)
    const purgesBefore = await purgeCallsOf(purging.metricsUrl)
    const varnishWrites = writeEverySecond(options.api, options.writeIds)
    const through = await options.measure('through Varnish, 1 write/s', load(varnish.url))
    const varnishWritten = await varnishWrites()
    const after = await varnishCounters(varnish.workDir)
    const purgeCalls = (await purgeCallsOf(purging.metricsUrl)) - purgesBefore
    const delta = (name: string) => (after[name] ?? 0) - (before[name] ?? 0)
    const hits = delta('MAIN.cache_hit')
    const misses = delta('MAIN.cache_miss')
    return {
      paths: options.paths.length,
      gateway,
      varnish: through,
      hitRatio: hits + misses > 0 ? Number((hits / (hits + misses)).toFixed(4)) : 0,
      misses,
      purgeCalls,
      writes: {
        gateway: gatewayWritten.writes,
        varnish: varnishWritten.writes,
        failed: gatewayWritten.failed + varnishWritten.failed,
      },
    }
  } finally {
    await varnish.dispose()
    await purging.stop()
  }
}

export function formatVarnishBench(bench: VarnishBench): string {
  const line = (name: string, m: Measurement) =>
    `${name}: ${m.reqPerSec} req/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms, errors ${m.errors}`
  return [
    `reads through Varnish (${bench.paths} paths round robin, 1 write/s):`,
    `  ${line('gateway alone', bench.gateway)} (${bench.writes.gateway} writes)`,
    `  ${line('through Varnish', bench.varnish)}, hit ratio ${bench.hitRatio} (${bench.misses} misses), ${bench.purgeCalls} purge calls (${bench.writes.varnish} writes)`,
    `  failed writes: ${bench.writes.failed}`,
  ].join('\n')
}
