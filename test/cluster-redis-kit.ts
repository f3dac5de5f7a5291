import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import process from 'node:process'
import { ensureCommand, freePort, managedProcess } from '@cms/stack'
import type { ManagedProcess } from '@cms/stack'

/** Debian's redis-server and redis-sentinel, installed with apt-get when missing (as root). */
const binaries = () => {
  const log = (line: string) => process.stderr.write(`[sentinel] ${line}\n`)
  return {
    server: ensureCommand('redis-server', 'redis-server', 'REDIS_URL', log),
    sentinel: ensureCommand('redis-sentinel', 'redis-sentinel', 'REDIS_SENTINELS', log),
  }
}

export interface RedisNode {
  port: number
  process: ManagedProcess
}

export interface SentinelGroup {
  /** The master group name the Sentinels watch. */
  name: string
  primary: RedisNode
  replica: RedisNode
  sentinels: RedisNode[]
  /** `127.0.0.1:port,...`, as REDIS_SENTINELS takes it. */
  sentinelAddresses: string
  /** The port of the server the Sentinels currently name as primary. */
  primaryPort(): Promise<number>
  /** Runs `use` with a client straight to one server (no Sentinel), then disconnects it. */
  withClient<T>(port: number, use: (redis: Redis) => Promise<T>): Promise<T>
  stop(): Promise<void>
}

/** Throws, saying what to install, when the binaries cannot be had. */
export const ensureRedisSentinel = (): void => void binaries()

async function withClient<T>(port: number, use: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis({
    port,
    host: '127.0.0.1',
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  redis.on('error', () => undefined)
  try {
    await redis.connect()
    return await use(redis)
  } finally {
    redis.disconnect()
  }
}

const answersPing = (port: number) =>
  withClient(port, async (redis) => (await redis.ping()) === 'PONG')

function node(options: {
  name: string
  command: string
  args: string[]
  port: number
  logDir: string
}): RedisNode {
  return {
    port: options.port,
    process: managedProcess({
      name: options.name,
      command: options.command,
      args: options.args,
      logFile: join(options.logDir, `${options.name}.log`),
      isReady: () => answersPing(options.port),
    }),
  }
}

/**
 * Redis from Debian's packages on 127.0.0.1: a primary, a replica of it and three Sentinels
 * (quorum 2) that declare the primary down after 1 s without an answer. Nothing is persisted: a
 * restarted former primary comes back empty and as a primary, until the Sentinels turn it into
 * a replica (the stale primary a plain `redis://` client would write to).
 */
export async function startSentinelGroup(options: { dataDir: string }): Promise<SentinelGroup> {
  const name = 'cms'
  const dir = join(options.dataDir, 'redis-sentinel')
  const logDir = join(dir, 'logs')
  mkdirSync(logDir, { recursive: true })
  const server = (label: string, port: number, extra: string[] = []) => {
    mkdirSync(join(dir, label), { recursive: true })
    return node({
      name: label,
      command: binaries().server,
      args: [
        ...['--port', String(port), '--bind', '127.0.0.1', '--dir', join(dir, label)],
        ...['--save', '', '--appendonly', 'no', '--daemonize', 'no'],
        ...extra,
      ],
      port,
      logDir,
    })
  }
  const [primaryPort, replicaPort] = [await freePort(), await freePort()]
  const primary = server('primary', primaryPort)
  const replica = server('replica', replicaPort, ['--replicaof', '127.0.0.1', String(primaryPort)])
  const sentinels: RedisNode[] = []
  for (let i = 1; i <= 3; i++) {
    const port = await freePort()
    const conf = join(dir, `sentinel${i}.conf`)
    writeFileSync(
      conf,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        'daemonize no',
        `dir ${dir}`,
        `sentinel monitor ${name} 127.0.0.1 ${primaryPort} 2`,
        `sentinel down-after-milliseconds ${name} 1000`,
        `sentinel failover-timeout ${name} 10000`,
        `sentinel parallel-syncs ${name} 1`,
        '',
      ].join('\n'),
    )
    sentinels.push(
      node({ name: `sentinel${i}`, command: binaries().sentinel, args: [conf], port, logDir }),
    )
  }
  const all = [primary, replica, ...sentinels]
  const stop = async () => {
    await Promise.allSettled(all.map((one) => one.process.stop(5000)))
  }
  try {
    await primary.process.start()
    await replica.process.start()
    await Promise.all(sentinels.map((one) => one.process.start()))
  } catch (error) {
    await stop()
    throw error
  }
  return {
    name,
    primary,
    replica,
    sentinels,
    sentinelAddresses: sentinels.map((one) => `127.0.0.1:${one.port}`).join(','),
    primaryPort: () =>
      withClient(sentinels[0]!.port, async (sentinel) => {
        const answer = (await sentinel.call(
          'SENTINEL',
          'get-master-addr-by-name',
          name,
        )) as string[]
        return Number(answer[1])
      }),
    withClient,
    stop,
  }
}
