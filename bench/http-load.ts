import autocannon from 'autocannon'
import type { AutocannonRequest } from 'autocannon'
import { probe } from './load-plan.ts'
import type { LoadPlan, Probe } from './load-plan.ts'
import type { Measurement } from './measurement.ts'
import { roundRate } from './measurement.ts'

export interface HttpLoad {
  url: string
  method?: string
  headers?: Record<string, string>
  /** Paths sent in turn, shared by all connections (one path: always that one). */
  paths?: readonly string[]
  /** Builds each request instead (bodies that must differ, headers that follow responses). */
  requests?: AutocannonRequest[]
  /** Statuses that count as success; any other is an error. Default: 2xx. */
  expect?: (status: number) => boolean
  /** No cache in front: every request does the same storage work (the probe may skip its warm-up). */
  uncached?: boolean
}

const is2xx = (status: number) => status >= 200 && status < 300

function roundRobin(paths: readonly string[]): AutocannonRequest[] {
  let next = 0
  return [
    {
      setupRequest(request) {
        request.path = paths[next++ % paths.length]!
        return request
      },
    },
  ]
}

function fire(
  load: HttpLoad,
  shape: { connections: number; seconds?: number; amount?: number; timeoutSeconds?: number },
) {
  const requests =
    load.requests ?? (load.paths && load.paths.length > 1 ? roundRobin(load.paths) : undefined)
  return autocannon({
    url: `${load.url}${load.paths?.[0] ?? ''}`,
    method: load.method ?? 'GET',
    headers: load.headers ?? {},
    connections: shape.connections,
    timeout: shape.timeoutSeconds ?? 30,
    ...(shape.amount === undefined ? { duration: shape.seconds } : { amount: shape.amount }),
    ...(requests ? { requests } : {}),
  })
}

/** Sends every path once, `connections` at a time: what a warm cache has seen. */
export async function visitEveryPath(load: HttpLoad, connections: number): Promise<void> {
  await fire(load, {
    connections: Math.min(connections, load.paths?.length ?? 1),
    amount: load.paths?.length ?? 1,
    timeoutSeconds: 600,
  })
}

/** One request timed on its own (`probe`), to plan the load. */
export function probeRequest(load: HttpLoad): Promise<Probe> {
  const expect = load.expect ?? is2xx
  return probe(async () => {
    const response = await fetch(`${load.url}${load.paths?.[0] ?? ''}`, {
      method: load.method ?? 'GET',
      headers: load.headers ?? {},
    })
    await response.arrayBuffer()
    return { status: String(response.status), ok: expect(response.status) }
  }, load.uncached === true)
}

/** Closed-loop load with autocannon as planned; the timed plan warms up first, unmeasured. */
export async function measureHttp(load: HttpLoad, plan: LoadPlan): Promise<Measurement> {
  let result
  let seconds
  if (plan.kind === 'timed') {
    if (plan.warmupSeconds > 0)
      await fire(load, { connections: plan.connections, seconds: plan.warmupSeconds })
    result = await fire(load, { connections: plan.connections, seconds: plan.seconds })
    seconds = result.duration
  } else {
    result = await fire(load, {
      connections: plan.connections,
      amount: plan.requests,
      timeoutSeconds: plan.timeoutSeconds,
    })
    // The requests leave at once, so the slowest one's time is the run's; autocannon's duration
    // of a counted run ends on its one-second tick instead.
    seconds = Math.max(result.latency.max, 1) / 1000
  }
  const expect = load.expect ?? is2xx
  const statuses: Record<string, number> = {}
  let unexpected = 0
  for (const [status, { count }] of Object.entries(result.statusCodeStats)) {
    statuses[status] = count
    if (!expect(Number(status))) unexpected += count
  }
  if (result.errors > 0) statuses.error = result.errors
  const answered = Object.values(result.statusCodeStats).reduce((sum, { count }) => sum + count, 0)
  return {
    reqPerSec: roundRate(answered / seconds),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + unexpected + result.mismatches,
    requests: answered,
    statuses,
  }
}
