/**
 * The gateway's CPU time per request it served, from its own `/metrics` (prom-client's
 * `process_cpu_seconds_total`, every thread of the process, and the request histogram's count).
 * Unlike req/s on two shared cores this hardly moves with what else the machine runs: it is what
 * the per-request work of the warm path costs.
 */

const CPU = /^process_cpu_seconds_total(?:\{[^}]*\})?\s+([0-9.e+-]+)$/m
const REQUESTS = /^http_request_duration_seconds_count(?:\{[^}]*\})?\s+([0-9.e+-]+)$/gm

interface Reading {
  cpuSeconds: number
  requests: number
}

async function read(metricsUrl: string): Promise<Reading> {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text()
  let requests = 0
  for (const [, value] of text.matchAll(REQUESTS)) requests += Number(value)
  return { cpuSeconds: Number(CPU.exec(text)?.[1] ?? Number.NaN), requests }
}

/** `run`, and the gateway's CPU microseconds per request served meanwhile (its own reads of /metrics aside). */
export async function withGatewayCpu<T>(
  metricsUrl: string,
  run: () => Promise<T>,
): Promise<{ result: T; cpuMicrosPerRequest: number | undefined }> {
  const before = await read(metricsUrl)
  const result = await run()
  const after = await read(metricsUrl)
  const requests = after.requests - before.requests
  const cpu = after.cpuSeconds - before.cpuSeconds
  const cpuMicrosPerRequest =
    requests > 0 && Number.isFinite(cpu) ? Math.round((cpu * 1e6) / requests) : undefined
  return { result, cpuMicrosPerRequest }
}
