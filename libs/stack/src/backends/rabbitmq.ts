import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import process from 'node:process'
import { connect } from 'amqplib'
import type { Backend } from './backend.ts'
import { freePort } from '../free-port.ts'
import { managedProcess } from '../managed-process.ts'
import { REPO_ROOT } from '../paths.ts'

/** The broker settings compose and the k8s docs use too (dead-letter confirm time-out). */
export const RABBITMQ_ADVANCED_CONFIG = join(REPO_ROOT, 'deploy', 'rabbitmq', 'advanced.config')

async function acceptsAmqp(url: string): Promise<boolean> {
  const connection = await connect(url, { timeout: 1000 })
  await connection.close()
  return true
}

/**
 * Debian's wrapper switches to the rabbitmq user and its fixed paths, so the server script is
 * run directly with every path, port and the Erlang port mapper moved into this run's folder.
 */
export async function startRabbitmq(options: {
  dataDir: string
  binary: string
}): Promise<Backend> {
  const direct = '/usr/lib/rabbitmq/bin/rabbitmq-server'
  const command = existsSync(direct) ? direct : options.binary
  const [port, distPort, epmdPort] = [await freePort(), await freePort(), await freePort()]
  const dir = join(options.dataDir, 'rabbitmq')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'enabled_plugins'), '[].\n')
  copyFileSync(RABBITMQ_ADVANCED_CONFIG, join(dir, 'advanced.config'))
  const env = {
    HOME: dir,
    RABBITMQ_NODENAME: `cms${port}@localhost`,
    RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
    RABBITMQ_NODE_PORT: String(port),
    RABBITMQ_DIST_PORT: String(distPort),
    ERL_EPMD_PORT: String(epmdPort),
    ERL_EPMD_ADDRESS: '127.0.0.1',
    RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: join(dir, 'log'),
    RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, 'enabled_plugins'),
    RABBITMQ_CONFIG_FILE: join(dir, 'rabbitmq'),
    RABBITMQ_ADVANCED_CONFIG_FILE: join(dir, 'advanced.config'),
    RABBITMQ_PID_FILE: join(dir, 'rabbitmq.pid'),
    RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS: '-kernel inet_dist_use_interface {127,0,0,1}',
  }
  const url = `amqp://guest:guest@127.0.0.1:${port}`
  const server = managedProcess({
    name: 'rabbitmq',
    command,
    args: [],
    env,
    logFile: join(options.dataDir, 'logs', 'rabbitmq.log'),
    isReady: () => acceptsAmqp(url),
    readyTimeoutMs: 120_000,
  })
  await server.start()
  const stopEpmd = () => {
    try {
      execFileSync('epmd', ['-kill'], {
        env: { ...process.env, ERL_EPMD_PORT: String(epmdPort) },
        stdio: 'ignore',
      })
    } catch {
      // epmd was not running or is shared; nothing to clean up
    }
  }
  return {
    url,
    control: server,
    dispose: async () => {
      await server.stop(15_000)
      stopEpmd()
    },
  }
}
