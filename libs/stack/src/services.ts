import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import process from 'node:process'
import { freePort } from './free-port.ts'
import { ExitedDuringStart, managedProcess } from './managed-process.ts'
import type { ManagedProcess } from './managed-process.ts'
import { REPO_ROOT } from './paths.ts'
import { bundleFileOf, packageEntryOf, serviceBundlesBuilt } from './service-bundles.ts'
import type { ServicePackage } from './service-bundles.ts'

export const SERVICE_NAMES = [
  'schema',
  'content-write',
  'content-read',
  'webhook',
  'gateway',
] as const
export type ServiceName = (typeof SERVICE_NAMES)[number]
export const RUNTIMES = ['node', 'deno'] as const
export type Runtime = (typeof RUNTIMES)[number]

const PACKAGE_OF: Record<ServiceName, ServicePackage> = {
  schema: 'schema',
  'content-write': 'content',
  'content-read': 'content',
  webhook: 'webhook',
  gateway: 'gateway',
}

export const entryFileOf = (service: ServiceName): string => packageEntryOf(PACKAGE_OF[service])

export interface Command {
  command: string
  args: string[]
}

/**
 * The one command that starts a service: images, `npm start`, tests and benchmarks all use it.
 * Deno runs the TypeScript entry; Node runs the service's bundle of it (`service-bundles.ts`).
 */
export function serviceCommand(service: ServiceName, runtime: Runtime): Command {
  if (runtime === 'deno')
    return {
      command: join(REPO_ROOT, 'node_modules', '.bin', 'deno'),
      args: ['run', '-A', entryFileOf(service)],
    }
  return {
    command: process.execPath,
    args: ['--enable-source-maps', bundleFileOf(PACKAGE_OF[service])],
  }
}

/** `serviceCommand` once what it runs is built from the sources as they are now. */
export async function startableServiceCommand(
  service: ServiceName,
  runtime: Runtime,
): Promise<Command> {
  if (runtime === 'node') await serviceBundlesBuilt()
  return serviceCommand(service, runtime)
}

export const newSecret = (): string => randomBytes(24).toString('base64url')

export interface LaunchOptions {
  mongoUrl: string
  /** For every service but content-read (which only reads); `mongoUrl` when not given. */
  mongoWriterUrl?: string
  redisUrl: string
  amqpUrl: string
  /** Logs go to `<dataDir>/logs/<service>.log`. */
  dataDir: string
  gatewayPort?: number
  adminToken?: string
  internalToken?: string
  runtime?: Runtime | Partial<Record<ServiceName, Runtime>>
  /** Extra variables per service (e.g. WEBHOOK_ALLOW_PRIVATE_TARGETS). */
  env?: Partial<Record<ServiceName, Record<string, string>>>
  /** Start only these (default: all). URLs of the others are still assigned. */
  only?: readonly ServiceName[]
}

export interface RunningServices {
  gatewayUrl: string
  adminToken: string
  internalToken: string
  urls: Record<ServiceName, string>
  /** Where each service serves `/metrics` (`METRICS_PORT`, never its own port). */
  metricsUrls: Record<ServiceName, string>
  processes: Record<ServiceName, ManagedProcess>
  stop(): Promise<void>
}

/** Ready when the process this launch started (`instanceId`, from `/healthz`) answers `/readyz`. */
async function isReady(url: string, instanceId: string): Promise<boolean> {
  const health = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })
  const body = (await health.json().catch(() => ({}))) as { instance?: unknown }
  if (!health.ok || body.instance !== instanceId) return false
  const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) })
  await response.body?.cancel()
  return response.ok
}

/** Only the gateway holds the platform admin token, even when the launching shell has one. */
const ADMIN_TOKEN_KEPT_AWAY = { CMS_ADMIN_TOKEN: undefined }

/** How often a launch is tried again when a service found its drawn port taken. */
const PORT_CLASH_ATTEMPTS = 3

/**
 * A service that exited at start because another process bound its port between the draw and
 * its own bind: many stacks starting at once draw from the same range.
 */
export const isPortClash = (error: unknown): boolean =>
  error instanceof ExitedDuringStart && /port \d+ on \S+ is already in use/.test(error.output)

/**
 * Starts every service as its own process, each on a free port, and waits until all are ready;
 * on a port clash, everything started is stopped and the launch runs again on new ports.
 */
export async function launchServices(options: LaunchOptions): Promise<RunningServices> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await launchOnce(options)
    } catch (error) {
      if (attempt >= PORT_CLASH_ATTEMPTS || !isPortClash(error)) throw error
    }
  }
}

async function launchOnce(options: LaunchOptions): Promise<RunningServices> {
  const adminToken = options.adminToken ?? newSecret()
  const internalToken = options.internalToken ?? newSecret()
  // Ten ports, each free when asked and none given twice (the OS may offer a closed one again).
  const taken = new Set<number>(options.gatewayPort === undefined ? [] : [options.gatewayPort])
  const anotherFreePort = async (): Promise<number> => {
    for (;;) {
      const port = await freePort()
      if (taken.has(port)) continue
      taken.add(port)
      return port
    }
  }
  const ports = {} as Record<ServiceName, number>
  const metricsPorts = {} as Record<ServiceName, number>
  for (const service of SERVICE_NAMES) {
    ports[service] =
      service === 'gateway' && options.gatewayPort !== undefined
        ? options.gatewayPort
        : await anotherFreePort()
    metricsPorts[service] = await anotherFreePort()
  }
  const urlsOf = (of: Record<ServiceName, number>) =>
    Object.fromEntries(
      SERVICE_NAMES.map((service) => [service, `http://127.0.0.1:${of[service]}`]),
    ) as Record<ServiceName, string>
  const urls = urlsOf(ports)
  const metricsUrls = urlsOf(metricsPorts)
  const common = {
    HOST: '127.0.0.1',
    INTERNAL_TOKEN: internalToken,
    MONGO_URL: options.mongoWriterUrl ?? options.mongoUrl,
  }
  const envOf: Record<ServiceName, Record<string, string>> = {
    schema: {
      ...common,
      PORT: String(ports.schema),
      AMQP_URL: options.amqpUrl,
      CONTENT_URL: urls['content-read'],
    },
    'content-write': {
      ...common,
      PORT: String(ports['content-write']),
      AMQP_URL: options.amqpUrl,
      REDIS_URL: options.redisUrl,
      SCHEMA_URL: urls.schema,
      CONTENT_MODE: 'write',
    },
    'content-read': {
      ...common,
      MONGO_URL: options.mongoUrl,
      PORT: String(ports['content-read']),
      AMQP_URL: options.amqpUrl,
      REDIS_URL: options.redisUrl,
      SCHEMA_URL: urls.schema,
      CONTENT_MODE: 'read',
    },
    webhook: { ...common, PORT: String(ports.webhook), AMQP_URL: options.amqpUrl },
    gateway: {
      ...common,
      CMS_PORT: String(ports.gateway),
      REDIS_URL: options.redisUrl,
      CMS_ADMIN_TOKEN: adminToken,
      AMQP_URL: options.amqpUrl,
      CONTENT_READ_URL: urls['content-read'],
      CONTENT_WRITE_URL: urls['content-write'],
      SCHEMA_URL: urls.schema,
      WEBHOOK_URL: urls.webhook,
    },
  }
  const runtimeOf = (service: ServiceName): Runtime =>
    typeof options.runtime === 'string' ? options.runtime : (options.runtime?.[service] ?? 'node')
  const commands = Object.fromEntries(
    await Promise.all(
      SERVICE_NAMES.map(async (service) => [
        service,
        await startableServiceCommand(service, runtimeOf(service)),
      ]),
    ),
  ) as Record<ServiceName, Command>

  const processes = Object.fromEntries(
    SERVICE_NAMES.map((service) => {
      const { command, args } = commands[service]
      const managed = managedProcess({
        name: service,
        command,
        args,
        cwd: REPO_ROOT,
        env: {
          ...(service === 'gateway' ? {} : ADMIN_TOKEN_KEPT_AWAY),
          ...envOf[service],
          METRICS_PORT: String(metricsPorts[service]),
          ...options.env?.[service],
        },
        logFile: join(options.dataDir, 'logs', `${service}.log`),
        isReady: (instanceId) => isReady(urls[service], instanceId),
        readyTimeoutMs: 90_000,
      })
      return [service, managed]
    }),
  ) as Record<ServiceName, ManagedProcess>

  const selected = SERVICE_NAMES.filter(
    (service) => !options.only || options.only.includes(service),
  )
  const stop = async () => {
    await processes.gateway.stop()
    await Promise.allSettled(
      SERVICE_NAMES.filter((s) => s !== 'gateway').map((s) => processes[s].stop()),
    )
  }
  try {
    await Promise.all(selected.map((service) => processes[service].start()))
  } catch (error) {
    await stop()
    throw error
  }
  return {
    gatewayUrl: urls.gateway,
    adminToken,
    internalToken,
    urls,
    metricsUrls,
    processes,
    stop,
  }
}
