/** What every scenario and baseline reports. */
export interface Measurement {
  reqPerSec: number
  p50Ms: number
  p99Ms: number
  /** Failed requests: connection errors, time-outs and unexpected statuses. */
  errors: number
  requests: number
  /** Responses per status code (`error` for requests that got none). */
  statuses: Record<string, number>
}

const round = (value: number, digits: number): number => Number(value.toFixed(digits))

/** Percentiles of a list of latencies in milliseconds (sorted in place). */
export function percentiles(latenciesMs: number[]): { p50Ms: number; p99Ms: number } {
  latenciesMs.sort((a, b) => a - b)
  const at = (q: number) =>
    latenciesMs[Math.min(latenciesMs.length - 1, Math.floor(q * latenciesMs.length))] ?? 0
  return { p50Ms: round(at(0.5), 2), p99Ms: round(at(0.99), 2) }
}

/** Two decimals below 10 a second: a cold list on FerretDB does 0.2-0.3, and 0.2 / 0.3 is no ratio. */
export const roundRate = (value: number): number => round(value, value < 10 ? 2 : 1)
