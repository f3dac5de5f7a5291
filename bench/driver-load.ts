import { performance } from 'node:perf_hooks'
import { probe } from './load-plan.ts'
import type { LoadPlan, Probe } from './load-plan.ts'
import type { Measurement } from './measurement.ts'
import { percentiles, roundRate } from './measurement.ts'

/** One operation against the database; `i` counts operations, for round-robin inputs. */
export type DriverOperation = (i: number) => Promise<unknown>

async function loop(
  operation: DriverOperation,
  shape: { connections: number; seconds?: number; requests?: number },
  latencies: number[] | undefined,
): Promise<{ done: number; failed: number; elapsedMs: number }> {
  const started = performance.now()
  const deadline = started + (shape.seconds ?? Infinity) * 1000
  const more = () =>
    shape.requests === undefined ? performance.now() < deadline : issued < shape.requests
  let issued = 0
  let done = 0
  let failed = 0
  const worker = async () => {
    while (more()) {
      const i = issued++
      const begin = performance.now()
      try {
        await operation(i)
        done++
        latencies?.push(performance.now() - begin)
      } catch {
        failed++
      }
    }
  }
  await Promise.all(Array.from({ length: shape.connections }, worker))
  return { done, failed, elapsedMs: performance.now() - started }
}

/** One operation timed on its own (`probe`), to plan the load. */
export function probeOperation(operation: DriverOperation): Promise<Probe> {
  let i = 0
  return probe(
    () =>
      operation(i++).then(
        () => ({ status: 'ok', ok: true }),
        () => ({ status: 'error', ok: false }),
      ),
    true,
  )
}

/**
 * The storage floor: the service's own queries issued with the driver by as many concurrent
 * callers as autocannon has connections, in a closed loop, as planned.
 */
export async function measureDriver(
  operation: DriverOperation,
  plan: LoadPlan,
): Promise<Measurement> {
  if (plan.kind === 'timed' && plan.warmupSeconds > 0)
    await loop(operation, { connections: plan.connections, seconds: plan.warmupSeconds }, undefined)
  const latencies: number[] = []
  const { done, failed, elapsedMs } = await loop(
    operation,
    plan.kind === 'timed'
      ? { connections: plan.connections, seconds: plan.seconds }
      : { connections: plan.connections, requests: plan.requests },
    latencies,
  )
  return {
    reqPerSec: roundRate(done / (elapsedMs / 1000)),
    ...percentiles(latencies),
    errors: failed,
    requests: done,
    statuses: failed > 0 ? { ok: done, error: failed } : { ok: done },
  }
}
