import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import process from 'node:process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { parse, parseAllDocuments } from 'yaml'
import { REPO_ROOT } from '@cms/stack'

/**
 * The broker setting the retry chain needs (`dead_letter_worker_publisher_confirm_timeout`) is
 * the same in every place a broker is configured: deploy/rabbitmq/advanced.config (the local
 * stack copies it), compose (as an Erlang argument) and the RabbitmqCluster of
 * docs/deployment.md; and the broker the tests run on has it.
 */
const run = promisify(execFile)
const read = (path: string) => readFileSync(`${REPO_ROOT}/${path}`, 'utf8')
const SETTING = 'dead_letter_worker_publisher_confirm_timeout'

function timeoutIn(erlangTerms: string): number | undefined {
  const match = new RegExp(`\\{\\s*${SETTING}\\s*,\\s*(\\d+)\\s*\\}`).exec(erlangTerms)
  return match ? Number(match[1]) : undefined
}

const expected = timeoutIn(read('deploy/rabbitmq/advanced.config'))

/** The environment of the local rabbitmq-server listening on `port`, if this machine runs it. */
function localBrokerEnv(port: string): Record<string, string> | undefined {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let raw: string
    try {
      raw = readFileSync(`/proc/${pid}/environ`, 'utf8')
    } catch {
      continue
    }
    const env = Object.fromEntries(
      raw
        .split('\0')
        .filter((pair) => pair.includes('='))
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    )
    if (env.RABBITMQ_NODE_PORT === port && env.RABBITMQ_NODENAME) return env
  }
  return undefined
}

describe('the dead-letter confirm time-out of the broker', () => {
  it('when deploy/rabbitmq/advanced.config is read, then it sets a time-out of seconds, not the default 180 s', () => {
    expect(expected).toBeGreaterThanOrEqual(1000)
    expect(expected).toBeLessThanOrEqual(30_000)
  })

  it('when compose starts RabbitMQ, then it passes the same setting as an Erlang argument', () => {
    const compose = parse(read('docker-compose.yml'))
    const args = String(compose.services.rabbitmq.environment.RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS)
    expect(args).toBe(`-rabbit ${SETTING} ${expected}`)
  })

  it('when the RabbitmqCluster of docs/deployment.md is read, then it has three replicas and the same advanced.config setting', () => {
    const blocks = [...read('docs/deployment.md').matchAll(/```yaml\n([\s\S]*?)```/g)]
      .flatMap((block) => parseAllDocuments(block[1]!).map((doc) => doc.toJS()))
      .filter((doc) => doc?.kind === 'RabbitmqCluster')
    expect(blocks).toHaveLength(1)
    const [cluster] = blocks
    expect(cluster.apiVersion).toBe('rabbitmq.com/v1beta1')
    expect(cluster.spec.replicas).toBe(3)
    expect(timeoutIn(cluster.spec.rabbitmq.advancedConfig)).toBe(expected)
  })

  const amqpUrl = process.env.AMQP_URL?.split(',')[0]
  const brokerEnv = amqpUrl ? localBrokerEnv(new URL(amqpUrl).port || '5672') : undefined
  it.runIf(brokerEnv)(
    'when the stack runs its own broker, then that broker has the setting (asked with rabbitmqctl)',
    async () => {
      const { stdout } = await run(
        '/usr/lib/rabbitmq/bin/rabbitmqctl',
        [
          '-q',
          '-n',
          brokerEnv!.RABBITMQ_NODENAME!,
          'eval',
          `application:get_env(rabbit, ${SETTING}).`,
        ],
        {
          env: {
            ...process.env,
            HOME: brokerEnv!.HOME,
            ERL_EPMD_PORT: brokerEnv!.ERL_EPMD_PORT,
          },
          timeout: 60_000,
        },
      )
      expect(stdout.trim()).toBe(`{ok,${expected}}`)
    },
    90_000,
  )
})
