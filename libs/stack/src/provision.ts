import { spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import process from 'node:process'
import type { Backend } from './backends/backend.ts'
import { givenBackend } from './backends/backend.ts'
import { startContainers } from './backends/containers.ts'
import { startFerretdb, startMongod } from './backends/ferretdb.ts'
import { startRabbitmq } from './backends/rabbitmq.ts'
import { startRedis } from './backends/redis.ts'
import { ensureCommand, which } from './system-packages.ts'

export interface Backends {
  mongo: Backend
  redis: Backend
  amqp: Backend
  /** How they were provided, for the startup banner. */
  provider: 'environment' | 'docker' | 'local'
  stop(): Promise<void>
}

export interface ProvisionOptions {
  /** Folder for this run's databases and logs (under .data). */
  dataDir: string
  log?: (line: string) => void
  env?: Record<string, string | undefined>
}

function dockerEngineAnswers(): boolean {
  if (!which('docker')) return false
  return spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 }).status === 0
}

/**
 * Brings up MongoDB, Redis and RabbitMQ for `npm start`, tests and benchmarks: a server named by
 * MONGO_URL, REDIS_URL or AMQP_URL is used as given; the others run as containers when a Docker
 * engine answers, else as local processes (mongod or FerretDB, redis-server, rabbitmq-server)
 * on free ports with their data under `dataDir`.
 */
export async function provisionBackends(options: ProvisionOptions): Promise<Backends> {
  const env = options.env ?? process.env
  const log = options.log ?? (() => undefined)
  mkdirSync(options.dataDir, { recursive: true })
  const given = { mongo: env.MONGO_URL, redis: env.REDIS_URL, amqp: env.AMQP_URL }
  const started: Backend[] = []
  const stop = async () => {
    await Promise.allSettled(started.reverse().map((backend) => backend.dispose()))
  }
  try {
    const missing = { mongo: !given.mongo, redis: !given.redis, amqp: !given.amqp }
    let provider: Backends['provider'] = 'environment'
    let fromDocker: Awaited<ReturnType<typeof startContainers>> = {}
    if ((missing.mongo || missing.redis || missing.amqp) && dockerEngineAnswers()) {
      provider = 'docker'
      log('starting backing servers as containers (testcontainers) ...')
      fromDocker = await startContainers(missing)
      started.push(
        ...[fromDocker.mongo, fromDocker.redis, fromDocker.amqp].filter(
          (b): b is Backend => b !== undefined,
        ),
      )
    } else if (missing.mongo || missing.redis || missing.amqp) {
      provider = 'local'
    }
    const local = { dataDir: options.dataDir, log }
    const mongo = given.mongo
      ? givenBackend(given.mongo)
      : (fromDocker.mongo ?? (await track(started, startLocalMongo(local))))
    const redisBackend = given.redis
      ? givenBackend(given.redis)
      : (fromDocker.redis ??
        (await track(
          started,
          startRedis({
            ...local,
            binary: ensureCommand('redis-server', 'redis-server', 'REDIS_URL', log),
          }),
        )))
    const amqp = given.amqp
      ? givenBackend(given.amqp)
      : (fromDocker.amqp ??
        (await track(
          started,
          startRabbitmq({
            ...local,
            binary: ensureCommand('rabbitmq-server', 'rabbitmq-server', 'AMQP_URL', log),
          }),
        )))
    return { mongo, redis: redisBackend, amqp, provider, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

async function track(started: Backend[], starting: Promise<Backend>): Promise<Backend> {
  const backend = await starting
  started.push(backend)
  return backend
}

function startLocalMongo(options: {
  dataDir: string
  log: (line: string) => void
}): Promise<Backend> {
  const mongod = which('mongod')
  return mongod ? startMongod({ dataDir: options.dataDir, binary: mongod }) : startFerretdb(options)
}
