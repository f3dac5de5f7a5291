import { randomUUID } from 'node:crypto'
import process from 'node:process'
import { Router } from '@koa/router'

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

/**
 * Who answers `/healthz`: the id the launcher gave this process (`CMS_INSTANCE_ID`), so a
 * launcher checks readiness against the process it started and never against whoever else
 * answers on the port; a random one when nobody gave one.
 */
export const processInstanceId = (env: Readonly<Record<string, string | undefined>>): string =>
  env.CMS_INSTANCE_ID || randomUUID()

const DEFAULT_INSTANCE_ID = processInstanceId(process.env)

export const HEALTH_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz'])

/**
 * `/healthz` (the process is alive, and which process it is), `/readyz` (its backing services
 * answer). `/metrics` has a port of its own (metrics-server.ts).
 */
export function healthRoutes(options: {
  checks: Readonly<Record<string, ReadinessCheck>>
  /** Reported, but the service keeps serving without them, so they never fail readiness. */
  advisoryChecks?: Readonly<Record<string, ReadinessCheck>>
  isDraining: () => boolean
  /** Reported by `/healthz`; `CMS_INSTANCE_ID` of this process by default. */
  instanceId?: string
}): Router {
  const router = new Router()
  const instance = options.instanceId ?? DEFAULT_INSTANCE_ID
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok', instance }
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
  return router
}
