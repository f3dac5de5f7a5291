import { execFile } from 'node:child_process'
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import process from 'node:process'
import { promisify } from 'node:util'
import { connect } from 'amqplib'
import { parse } from 'yaml'
import { freePort, managedProcess, REPO_ROOT } from '@cms/stack'
import type { ManagedProcess } from '@cms/stack'

const run = promisify(execFile)
const SERVER = '/usr/lib/rabbitmq/bin/rabbitmq-server'
const CTL = '/usr/lib/rabbitmq/bin/rabbitmqctl'

export interface RabbitNode {
  /** The Erlang node name, e.g. `c12345n1@localhost`. */
  name: string
  url: string
  process: ManagedProcess
}

export interface RabbitCluster {
  nodes: RabbitNode[]
  /** Every node's AMQP URL, in order (what AMQP_URL lists). */
  urls: string[]
  /** rabbitmqctl against `node` (by default one that runs); stdout. */
  ctl(args: string[], node?: RabbitNode): Promise<string>
  /** The node leading a quorum queue. */
  leaderOf(queue: string): Promise<RabbitNode>
  /** An Erlang term evaluated on `node`, printed. */
  evaluate(node: RabbitNode, expression: string): Promise<string>
  stop(): Promise<void>
}

export const rabbitmqInstalled = (): boolean => existsSync(SERVER) && existsSync(CTL)

/** The Erlang arguments compose gives its broker (the dead-letter time-out, in that form). */
function composeErlangArgs(): string {
  const compose = parse(readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8'))
  return String(compose.services.rabbitmq.environment.RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS)
}

async function acceptsAmqp(url: string): Promise<boolean> {
  const connection = await connect(url, { timeout: 1000 })
  await connection.close()
  return true
}

/**
 * A RabbitMQ cluster from Debian's rabbitmq-server on 127.0.0.1: `size` nodes with their own
 * names, ports and data folders, one Erlang port mapper and one cookie, and the broker settings
 * of deploy/rabbitmq/advanced.config (the last node gets them as compose passes them, as Erlang
 * arguments, so both forms are checked on a real broker). The first node boots alone; the others join it through
 * classic peer discovery (started together as blank nodes they could each form a cluster).
 */
export async function startRabbitCluster(options: {
  dataDir: string
  size?: number
}): Promise<RabbitCluster> {
  const size = options.size ?? 3
  const id = `c${process.pid}${Date.now() % 10_000}`
  const home = join(options.dataDir, 'rabbit-cluster')
  mkdirSync(join(home, 'logs'), { recursive: true })
  const cookie = join(home, '.erlang.cookie')
  writeFileSync(cookie, `COOKIE${id.toUpperCase()}CLUSTERTEST`)
  chmodSync(cookie, 0o400)
  const epmdPort = await freePort()
  const shared = {
    HOME: home,
    ERL_EPMD_PORT: String(epmdPort),
    ERL_EPMD_ADDRESS: '127.0.0.1',
  }
  const names = Array.from({ length: size }, (_, i) => `${id}n${i + 1}@localhost`)
  const nodes: RabbitNode[] = []
  for (const [index, name] of names.entries()) {
    const [port, distPort] = [await freePort(), await freePort()]
    const dir = join(home, `node${index + 1}`)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'enabled_plugins'), '[].\n')
    // The last node takes the setting the way compose passes it, the others from the file.
    const composeForm = index === size - 1
    if (composeForm) writeFileSync(join(dir, 'advanced.config'), '[].\n')
    else
      copyFileSync(
        join(REPO_ROOT, 'deploy', 'rabbitmq', 'advanced.config'),
        join(dir, 'advanced.config'),
      )
    writeFileSync(
      join(dir, 'rabbitmq.conf'),
      [
        'cluster_formation.peer_discovery_backend = classic_config',
        ...names.map((peer, i) => `cluster_formation.classic_config.nodes.${i + 1} = ${peer}`),
        '',
      ].join('\n'),
    )
    const url = `amqp://guest:guest@127.0.0.1:${port}`
    nodes.push({
      name,
      url,
      process: managedProcess({
        name: `rabbit-node${index + 1}`,
        command: SERVER,
        args: [],
        env: {
          ...shared,
          RABBITMQ_NODENAME: name,
          RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
          RABBITMQ_NODE_PORT: String(port),
          RABBITMQ_DIST_PORT: String(distPort),
          RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'),
          RABBITMQ_LOG_BASE: join(dir, 'log'),
          RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, 'enabled_plugins'),
          RABBITMQ_CONFIG_FILE: join(dir, 'rabbitmq.conf'),
          RABBITMQ_ADVANCED_CONFIG_FILE: join(dir, 'advanced.config'),
          RABBITMQ_PID_FILE: join(dir, 'rabbitmq.pid'),
          RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS: [
            '-kernel inet_dist_use_interface {127,0,0,1}',
            ...(composeForm ? [composeErlangArgs()] : []),
          ].join(' '),
        },
        logFile: join(home, 'logs', `node${index + 1}.log`),
        isReady: () => acceptsAmqp(url),
        readyTimeoutMs: 120_000,
      }),
    })
  }

  const ctl = async (args: string[], node?: RabbitNode) => {
    const target = node ?? nodes.find((one) => one.process.isRunning()) ?? nodes[0]!
    const { stdout } = await run(CTL, ['-q', '-n', target.name, ...args], {
      env: { ...process.env, ...shared },
      timeout: 60_000,
    })
    return stdout
  }
  const stop = async () => {
    await Promise.allSettled(nodes.map((node) => node.process.stop(15_000)))
    await run('epmd', ['-kill'], { env: { ...process.env, ...shared } }).catch(() => undefined)
  }

  try {
    await nodes[0]!.process.start()
    await Promise.all(nodes.slice(1).map((node) => node.process.start()))
    const members = await ctl(['eval', 'rabbit_nodes:all_running().'])
    for (const name of names) {
      if (!members.includes(name)) throw new Error(`${name} did not join the cluster: ${members}`)
    }
  } catch (error) {
    await stop()
    throw error
  }

  return {
    nodes,
    urls: nodes.map((node) => node.url),
    ctl,
    async leaderOf(queue) {
      const lines = (await ctl(['list_queues', 'name', 'leader', '--no-table-headers'])).split('\n')
      const line = lines.find((one) => one.split('\t')[0] === queue)
      const leader = line?.split('\t')[1]?.trim()
      const node = nodes.find((one) => one.name === leader)
      if (!node) throw new Error(`no leader for ${queue} in: ${lines.join(' | ')}`)
      return node
    },
    evaluate: async (node, expression) => (await ctl(['eval', expression], node)).trim(),
    stop,
  }
}
