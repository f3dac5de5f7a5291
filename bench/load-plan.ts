import type { BenchSettings } from './bench-settings.ts'

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
    : `${plan.requests} requests over ${plan.connections} connections (too slow for a timed run)`
