import { existsSync, mkdirSync, rmSync } from 'node:fs'
import process from 'node:process'
import { join, resolve } from 'node:path'
import { provisionBackends } from './provision.ts'
import type { Backends } from './provision.ts'
import { entryFileOf, launchServices, SERVICE_NAMES } from './services.ts'
import type { LaunchOptions, RunningServices, ServiceName } from './services.ts'
import { DATA_ROOT, REPO_ROOT } from './paths.ts'
import { processOf } from './backends/backend.ts'
import type { ManagedProcess } from './managed-process.ts'

export interface Stack {
  backends: Backends
  services: RunningServices
  dataDir: string
  /** Every process this stack launched (services, then backing servers it started). */
  processes(): ManagedProcess[]
  stop(): Promise<void>
}

export interface StackOptions extends Omit<
  LaunchOptions,
  'mongoUrl' | 'redisUrl' | 'amqpUrl' | 'dataDir'
> {
  /** A folder name under .data; a fresh one per run unless given. */
  name?: string
  /** The data folder itself (any path); wins over `name`. */
  dataDir?: string
  /** Delete the data folder on stop (tests), or keep it (npm start). */
  ephemeral?: boolean
  log?: (line: string) => void
  env?: LaunchOptions['env']
  backendEnv?: Record<string, string | undefined>
}

/** Services whose entry file exists; lets the stack run while a service is still being written. */
export function availableServices(): ServiceName[] {
  return SERVICE_NAMES.filter((service) => existsSync(join(REPO_ROOT, entryFileOf(service))))
}

/** Backing servers plus every service: the whole system on this machine. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dataDir = options.dataDir
    ? resolve(options.dataDir)
    : join(DATA_ROOT, options.name ?? `run-${Date.now()}-${process.pid}`)
  mkdirSync(dataDir, { recursive: true })
  const backends = await provisionBackends({ dataDir, log: options.log, env: options.backendEnv })
  let services: RunningServices
  try {
    services = await launchServices({
      ...options,
      only: options.only ?? availableServices(),
      mongoUrl: backends.mongo.url,
      ...(backends.mongo.writerUrl ? { mongoWriterUrl: backends.mongo.writerUrl } : {}),
      redisUrl: backends.redis.url,
      amqpUrl: backends.amqp.url,
      dataDir,
    })
  } catch (error) {
    await backends.stop()
    throw error
  }
  return {
    backends,
    services,
    dataDir,
    processes: () => [
      ...Object.values(services.processes).filter((managed) => managed.pid() !== undefined),
      ...[backends.mongo, backends.redis, backends.amqp]
        .map(processOf)
        .filter((managed): managed is ManagedProcess => managed !== undefined),
    ],
    async stop() {
      await services.stop()
      await backends.stop()
      if (options.ephemeral) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
