/**
 * CPU time per request served, for the warm rows: a server's CPU (every thread of its process)
 * and the requests it served, read before and after a measurement. Unlike req/s on two shared
 * cores this hardly moves with what else the machine runs.
 */
export interface CpuReading {
  cpuMicros: number
  requests: number
}

/** Microseconds of CPU per request served between two readings of one server. */
export function cpuMicrosPerRequest(before: CpuReading, after: CpuReading): number | undefined {
  const requests = after.requests - before.requests
  const cpu = after.cpuMicros - before.cpuMicros
  return requests > 0 && Number.isFinite(cpu) ? Math.round(cpu / requests) : undefined
}

const CPU = /^process_cpu_seconds_total(?:\{[^}]*\})?\s+([0-9.e+-]+)$/m
const REQUESTS = /^http_request_duration_seconds_count(?:\{[^}]*\})?\s+([0-9.e+-]+)$/gm

/** A service's reading from its `/metrics` (prom-client's process CPU, the request histogram's count). */
export async function serviceCpuReading(metricsUrl: string): Promise<CpuReading> {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text()
  let requests = 0
  for (const [, value] of text.matchAll(REQUESTS)) requests += Number(value)
  return { cpuMicros: Number(CPU.exec(text)?.[1] ?? Number.NaN) * 1e6, requests }
}
