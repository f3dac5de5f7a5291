import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import Koa from 'koa'
import { activeTrace } from '@cms/trace'
import type { Middleware } from 'koa'
import type { Logger } from 'pino'
import { StartupError } from '@cms/config'
import { accessLog } from './access-log.ts'
import { answerClientError, MAX_REQUEST_HEAD_BYTES } from './client-error.ts'
import { errorHandler } from './error-handler.ts'
import type { ErrorTranslator } from './error-handler.ts'
import { HEALTH_PATHS, healthRoutes } from './health.ts'
import type { ReadinessCheck } from './health.ts'
import { processIsDraining } from './draining.ts'
import { createServiceMetrics } from './metrics.ts'
import type { ServiceMetrics } from './metrics.ts'
import { internalCallsOnly } from './internal-auth.ts'
import { serveMetrics, urlOf } from './metrics-server.ts'
import type { MetricsServer } from './metrics-server.ts'
import { requestId } from './request-id.ts'

export interface HttpServiceOptions {
  name: string
  logger: Logger
  /**
   * The gateway's credential: when set, every `/api` and `/internal` request must carry it and
   * a caller (`ctx.state.caller`); health stays open.
   */
  internalToken?: string
  /** Everything after request id, errors, health and internal auth: body parsing, routes. */
  middleware: readonly Middleware[]
  checks: Readonly<Record<string, ReadinessCheck>>
  /** Backing services the service can do without for a while: reported, never failing readiness. */
  advisoryChecks?: Readonly<Record<string, ReadinessCheck>>
  errorTranslators?: readonly ErrorTranslator[]
  /** How long `close` waits for in-flight requests before cutting connections. */
  drainTimeoutMs?: number
}

export interface ListenOptions {
  port: number
  host: string
  /** `/metrics` on this port of its own (0: any free one); none when undefined (`METRICS_PORT`). */
  metricsPort?: number
}

export interface Listening {
  port: number
  url: string
  /** Where `/metrics` is served, when a metrics port was given. */
  metricsUrl?: string
}

export interface HttpService {
  app: Koa
  metrics: ServiceMetrics
  /** Whether the caller runs on behalf of a request (not background work such as a relay). */
  inRequest(): boolean
  listen(options: ListenOptions): Promise<Listening>
  /** Stops taking work (readiness fails, new connections refused), finishes in-flight requests. */
  close(): Promise<void>
}

export function createHttpService(options: HttpServiceOptions): HttpService {
  const app = new Koa({ proxy: false })
  const metrics = createServiceMetrics(options.name)
  let draining = false
  let server: Server | undefined
  let metricsServer: MetricsServer | undefined
  const isDraining = () => draining || processIsDraining()

  // While draining, every answer closes its connection: clients stop reusing keep-alive
  // connections, and a connection that finishes its last request closes instead of holding
  // `close` up until the drain time-out.
  app.use(async function closeConnectionsWhenDraining(ctx, next) {
    try {
      await next()
    } finally {
      if (isDraining()) ctx.set('Connection', 'close')
    }
  })
  app.use(metrics.middleware)
  app.use(requestId(options.logger))
  app.use(accessLog(options.logger))
  app.use(errorHandler(options.logger, options.errorTranslators))
  const health = healthRoutes({
    checks: options.checks,
    advisoryChecks: options.advisoryChecks,
    isDraining,
  })
  const healthRouter = health.routes() as unknown as Middleware
  // Only its two paths reach the router: matching every request against it cost ~7% of the
  // gateway's time on cached reads.
  app.use((ctx, next) => (HEALTH_PATHS.has(ctx.path) ? healthRouter(ctx, next) : next()))
  if (options.internalToken !== undefined) app.use(internalCallsOnly(options.internalToken))
  for (const middleware of options.middleware) app.use(middleware)
  app.on('error', (error) => options.logger.debug({ err: error }, 'koa error event'))

  /** Stops taking work (readiness fails, new connections refused), finishes in-flight requests. */
  async function close(): Promise<void> {
    draining = true
    const stopMetrics = async () => {
      await metricsServer?.close()
      metricsServer = undefined
    }
    if (!server) return stopMetrics()
    const closing = server
    server = undefined
    const closed = new Promise<void>((resolve) => closing.close(() => resolve()))
    closing.closeIdleConnections()
    const timeout = options.drainTimeoutMs ?? 10_000
    let timer: ReturnType<typeof setTimeout> | undefined
    const forced = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        closing.closeAllConnections()
        resolve()
      }, timeout)
    })
    await Promise.race([closed, forced])
    clearTimeout(timer)
    // Scraped until the end: the drain shows in the figures.
    await stopMetrics()
  }

  return {
    app,
    metrics,
    // A request runs in a trace with its request id (request-id.ts); background work does not.
    inRequest: () => activeTrace()?.requestId !== undefined,
    async listen({ port, host, metricsPort }) {
      const listening = await new Promise<Listening>((resolve, reject) => {
        const created = createServer({ maxHeaderSize: MAX_REQUEST_HEAD_BYTES }, app.callback())
        created.keepAliveTimeout = 65_000
        created.on('clientError', answerClientError)
        created.once('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'EADDRINUSE')
            reject(new StartupError(`port ${port} on ${host} is already in use`))
          else if (error.code === 'EACCES')
            reject(new StartupError(`no permission to listen on port ${port}`))
          else reject(new StartupError(`cannot listen on ${host}:${port}: ${error.message}`))
        })
        created.listen(port, host, () => {
          server = created
          const bound = (created.address() as AddressInfo).port
          options.logger.info({ port: bound, host }, 'listening')
          resolve({ port: bound, url: urlOf(host, bound) })
        })
      })
      if (metricsPort === undefined) return listening
      try {
        metricsServer = await serveMetrics({ registry: metrics.registry, port: metricsPort, host })
      } catch (error) {
        await close()
        throw error
      }
      options.logger.info({ port: metricsServer.port, host }, 'serving /metrics')
      return { ...listening, metricsUrl: metricsServer.url }
    },
    close,
  }
}
