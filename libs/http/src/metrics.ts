import { collectDefaultMetrics, Histogram, Registry } from 'prom-client'
import type { Middleware } from 'koa'

export interface ServiceMetrics {
  registry: Registry
  middleware: Middleware
}

/** A registry per service with process metrics and a request-duration histogram by route. */
export function createServiceMetrics(service: string): ServiceMetrics {
  const registry = new Registry()
  registry.setDefaultLabels({ service })
  collectDefaultMetrics({ register: registry })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  })
  const middleware: Middleware = async function metricsMiddleware(ctx, next) {
    const stop = duration.startTimer()
    try {
      await next()
    } finally {
      const route = (ctx as { _matchedRoute?: string })._matchedRoute ?? 'unmatched'
      stop({ method: ctx.method, route: String(route), status: String(ctx.status) })
    }
  }
  return { registry, middleware }
}
