import { performance } from 'node:perf_hooks'
import type { BenchSettings } from './bench-settings.ts'
import type { Measurement } from './measurement.ts'
import { roundRate } from './measurement.ts'

/**
 * How a scenario is driven: for a fixed time (the rule), or, when one request takes so long
 * that the connections could not go round a few times in that time (cold lists on FerretDB),
 * for a fixed count (`BENCH_COLD_REQUESTS`) of requests sent at once, each allowed
 * `timeoutSeconds`.
 */
export type LoadPlan =
  | { kind: 'timed'; connections: number; seconds: number; warmupSeconds: number }
  | { kind: 'counted'; connections: number; requests: number; timeoutSeconds: number }

const ROUNDS_WANTED = 3
const CORES_ASSUMED = 2

export function planLoad(settings: BenchSettings, singleRequestMs: number): LoadPlan {
  const connections = settings.connections
  const roundsMs = (ROUNDS_WANTED * singleRequestMs * connections) / CORES_ASSUMED
  if (roundsMs <= settings.seconds * 1000)
    return {
      kind: 'timed',
      connections,
      seconds: settings.seconds,
      warmupSeconds: settings.warmupSeconds,
    }
  const requests = settings.coldRequests
  return { kind: 'counted', connections: requests, requests, timeoutSeconds: 600 }
}

export const describePlan = (plan: LoadPlan): string =>
  plan.kind === 'timed'
    ? `${plan.seconds} s x ${plan.connections} connections`
    : plan.requests === 1
      ? '1 request (too slow for a timed run)'
      : `${plan.requests} requests over ${plan.connections} connections (too slow for a timed run)`

/** One call on its own, timed: what plans the load, and the measurement of a one-request plan. */
export interface Probe {
  ms: number
  /** The call's outcome as a measurement counts it: a status code, `ok`, or `error`. */
  status: string
  ok: boolean
}

/**
 * An uncached call that takes this long is timed as it comes: storage dominates it, so an
 * unmeasured call before it (for JIT and pools) would change nothing but the bench's length.
 */
const SLOW_CALL_MS = 1000

/**
 * Times `call` after an unmeasured one; when `uncached` (every call does the same storage work:
 * no cache in front that the first one fills), a first call of a second or more is timed itself.
 */
export async function probe(
  call: () => Promise<{ status: string; ok: boolean }>,
  uncached: boolean,
): Promise<Probe> {
  const timed = async () => {
    const started = performance.now()
    const outcome = await call()
    return { ...outcome, ms: performance.now() - started }
  }
  const first = await timed()
  return uncached && first.ms >= SLOW_CALL_MS ? first : timed()
}

function measurementOfProbe(single: Probe): Measurement {
  const ms = Number(single.ms.toFixed(2))
  return {
    reqPerSec: roundRate(1000 / single.ms),
    p50Ms: ms,
    p99Ms: ms,
    errors: single.ok ? 0 : 1,
    requests: 1,
    statuses: { [single.status]: 1 },
  }
}

/**
 * Plans the load from `single` and measures it with `measure`; a plan of one request is the
 * probe itself: sending it again would only repeat it.
 */
export async function measurePlanned(
  settings: BenchSettings,
  single: Probe,
  measure: (plan: LoadPlan) => Promise<Measurement>,
  onPlan: (plan: LoadPlan) => void,
): Promise<Measurement> {
  const plan = planLoad(settings, single.ms)
  onPlan(plan)
  return plan.kind === 'counted' && plan.requests === 1 ? measurementOfProbe(single) : measure(plan)
}
