import { Counter, Histogram } from 'prom-client'
import type { Registry } from 'prom-client'
import type { AttemptResult } from './domain/attempt-sender.ts'
import type { DeliveryObserver } from './domain/delivery-runner.ts'

/** Prometheus series for deliveries, on the service's registry (served at /metrics). */
export function createDeliveryMetrics(registry: Registry): DeliveryObserver {
  const attempts = new Counter({
    name: 'webhook_attempts_total',
    help: 'Delivery attempts by result (succeeded: a 2xx answer)',
    labelNames: ['result'] as const,
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'webhook_attempt_duration_seconds',
    help: 'Duration of delivery attempts, including time-outs',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
    registers: [registry],
  })
  const outcomes = new Counter({
    name: 'webhook_deliveries_finished_total',
    help: 'Deliveries that reached a final status',
    labelNames: ['status'] as const,
    registers: [registry],
  })
  const parked = new Counter({
    name: 'webhook_jobs_parked_total',
    help: 'Delivery jobs put aside because their target host was at its concurrency limit',
    registers: [registry],
  })
  return {
    attempted(result: AttemptResult, status) {
      attempts.inc({ result: result.succeeded ? 'succeeded' : 'failed' })
      duration.observe(result.durationMs / 1000)
      if (status !== 'pending') outcomes.inc({ status })
    },
    parked: () => parked.inc(),
  }
}
