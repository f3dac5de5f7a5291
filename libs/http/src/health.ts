import { Router } from '@koa/router'
import type { Registry } from 'prom-client'

/** A readiness check resolves when its backing service answers and rejects otherwise. */
export type ReadinessCheck = () => Promise<unknown>

const CHECK_TIMEOUT_MS = 1500

async function runCheck(check: ReadinessCheck): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS)
  })
  try {
    await Promise.race([check(), timeout])
    return 'ok'
  } catch (error) {
    return `failing: ${(error as Error).message ?? 'unknown'}`.slice(0, 200)
  } finally {
    clearTimeout(timer)
  }
}

/** `/healthz` (the process is alive), `/readyz` (its backing services answer), `/metrics`. */
export function healthRoutes(options: {
  checks: Readonly<Record<string, ReadinessCheck>>
  /** Reported, but the service keeps serving without them, so they never fail readiness. */
  advisoryChecks?: Readonly<Record<string, ReadinessCheck>>
  registry: Registry
  isDraining: () => boolean
}): Router {
  const router = new Router()
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' }
  })
  const all = { ...options.checks, ...options.advisoryChecks }
  const required = new Set(Object.keys(options.checks))
  router.get('/readyz', async (ctx) => {
    const names = Object.keys(all)
    const results = await Promise.all(names.map((name) => runCheck(all[name]!)))
    const checks = Object.fromEntries(names.map((name, i) => [name, results[i]]))
    const failing = names.filter((_, i) => results[i] !== 'ok')
    const ready = !options.isDraining() && failing.every((name) => !required.has(name))
    ctx.status = ready ? 200 : 503
    const status = options.isDraining()
      ? 'draining'
      : !ready
        ? 'unavailable'
        : failing.length > 0
          ? 'degraded'
          : 'ready'
    ctx.body = { status, checks }
  })
  router.get('/metrics', async (ctx) => {
    ctx.type = options.registry.contentType
    ctx.body = await options.registry.metrics()
  })
  return router
}
