import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import process from 'node:process'
import { randomUUID } from 'node:crypto'
import { connect } from 'amqplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectAmqp, quorumQueue } from '@cms/amqp'
import { createLogger } from '@cms/logger'
import { DATA_ROOT, startStack } from '@cms/stack'
import type { Stack } from '@cms/stack'
import { waitFor } from '@cms/testkit'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { ReceivedRequest, Receiver } from '../services/webhook/test/support/receiver.ts'
import { queueNames } from '../services/webhook/src/messaging/topology.ts'
import { rabbitmqInstalled, startRabbitCluster } from './cluster-rabbitmq-kit.ts'
import type { RabbitCluster } from './cluster-rabbitmq-kit.ts'
import {
  acknowledged,
  createFaultSite,
  expectNothingLost,
  startWriteLoad,
  statusCounts,
  UPSTREAM_TIMEOUT_MS,
} from './resilience-kit.ts'
import type { FaultSite } from './resilience-kit.ts'

/**
 * The services against a 3-node RabbitMQ cluster (Debian's rabbitmq-server on this machine,
 * AMQP_URL listing all three nodes). The node that leads the webhook queues, and that every
 * service is connected to (the first address), is SIGKILLed while writes flow and while
 * deliveries wait in a retry queue (every first attempt is answered 500), then restarted.
 */
const RETRY_MS = 3000
const KEEP = process.env.CMS_KEEP_TEST_DATA === 'true'
const names = queueNames('webhook')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let cluster: RabbitCluster | undefined
let stack: Stack | undefined
let receiver: Receiver
let site: FaultSite
let dataDir: string
/** Requests the receiver answered 200: a delivery done (a 500 sends it to the retry queue). */
const delivered: ReceivedRequest[] = []

beforeAll(async () => {
  if (!rabbitmqInstalled()) throw new Error('rabbitmq-server (Debian package) is not installed')
  dataDir = mkdtempSync(join(DATA_ROOT, 'cluster-rabbitmq-'))
  const started = Date.now()
  cluster = await startRabbitCluster({ dataDir })
  process.stderr.write(`[cluster-rabbitmq] 3 nodes formed in ${Date.now() - started} ms\n`)
  const quiet = { LOG_LEVEL: process.env.CMS_CLUSTER_LOG_LEVEL ?? 'warn' }
  stack = await startStack({
    name: `cluster-rabbitmq-${Date.now()}-${process.pid}`,
    ephemeral: !KEEP,
    backendEnv: { AMQP_URL: cluster.urls.join(',') },
    env: {
      gateway: { ...quiet, UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS) },
      'content-write': quiet,
      'content-read': quiet,
      schema: quiet,
      webhook: {
        ...quiet,
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOK_RETRY_DELAYS_MS: `${RETRY_MS},${RETRY_MS},${RETRY_MS}`,
      },
    },
  })
  const failedOnce = new Set<string>()
  receiver = await startReceiver(() => (response, request) => {
    const id = String(request.headers['x-webhook-id'])
    response.statusCode = failedOnce.has(id) ? 200 : 500
    if (failedOnce.has(id)) delivered.push(request)
    failedOnce.add(id)
    response.end()
  })
  site = await createFaultSite({
    gatewayUrl: stack.services.gatewayUrl,
    adminToken: stack.services.adminToken,
    hookUrl: `${receiver.url}/events`,
    name: 'cluster-rabbitmq',
  })
}, 300_000)

afterAll(async () => {
  await receiver?.close()
  await stack?.stop()
  await cluster?.stop()
  if (dataDir && !KEEP) rmSync(dataDir, { recursive: true, force: true })
}, 120_000)

/**
 * A client that connects to `url` and publishes one confirmed message to `queue` again and again
 * until the broker takes it: how long a fresh connection takes to publish to a quorum queue whose
 * leader node has just died (RabbitMQ 3.10 nacks every publish of a channel whose first one came
 * before a new leader was recorded: docs/resilience.md).
 */
async function publishUntilConfirmed(
  url: string,
  queue: string,
  givenUp: () => boolean,
): Promise<{ confirmedAt?: number; refused: number }> {
  const client = await connectAmqp({
    url,
    logger: createLogger({ service: 'cluster-probe', level: 'silent' }),
    topology: async () => undefined,
  })
  let refused = 0
  try {
    while (!givenUp()) {
      if (client.isConnected()) {
        try {
          await client.publish('', queue, Buffer.from('probe'), {
            mandatory: true,
            messageId: randomUUID(),
          })
          return { confirmedAt: Date.now(), refused }
        } catch {
          refused++
        }
      }
      await sleep(100)
    }
    return { refused }
  } finally {
    await client.close()
  }
}

async function declareQuorumQueue(url: string, queue: string): Promise<void> {
  const connection = await connect(url)
  try {
    await (await connection.createChannel()).assertQueue(queue, quorumQueue())
  } finally {
    await connection.close()
  }
}

async function queueDepth(url: string, queue: string): Promise<number> {
  const connection = await connect(url)
  try {
    return (await (await connection.createChannel()).checkQueue(queue)).messageCount
  } finally {
    await connection.close()
  }
}

describe('the services on a 3-node RabbitMQ cluster', () => {
  it('when the cluster runs, then every node has the dead-letter confirm time-out (from advanced.config or, like compose, Erlang arguments) and the webhook queues are quorum queues on all three', async () => {
    for (const node of cluster!.nodes) {
      expect(
        await cluster!.evaluate(
          node,
          'application:get_env(rabbit, dead_letter_worker_publisher_confirm_timeout).',
        ),
      ).toBe('{ok,5000}')
    }
    const listing = await cluster!.ctl([
      'list_queues',
      'name',
      'type',
      'members',
      'arguments',
      '--no-table-headers',
    ])
    const rows = listing.split('\n').filter((line) => line.startsWith('webhook.'))
    expect(rows.map((row) => row.split('\t')[0]).sort()).toEqual(
      [names.events, names.deliveries, names.dead, names.park, names.retry(RETRY_MS)].sort(),
    )
    for (const row of rows) {
      const [, type, members] = row.split('\t')
      expect(type, row).toBe('quorum')
      for (const node of cluster!.nodes) expect(members, row).toContain(node.name)
    }
    const retry = rows.find((row) => row.startsWith(names.retry(RETRY_MS)))!
    expect(retry).toContain('at-least-once')
    expect(retry).toContain('reject-publish')
  })

  it('when the node leading the queues is killed under writes and waiting retries, then every acknowledged write is delivered and the time to recover is printed', async () => {
    const leader = await cluster!.leaderOf(names.deliveries)
    const survivor = cluster!.nodes.find((node) => node !== leader)!
    // Led by the node that is killed (a queue's first leader is the node it is declared on).
    const probeQueue = `cluster.probe.${randomUUID()}`
    await declareQuorumQueue(leader.url, probeQueue)
    expect(await cluster!.leaderOf(probeQueue)).toBe(leader)
    const load = startWriteLoad({
      gatewayUrl: stack!.services.gatewayUrl,
      adminKey: site.adminKey,
      perSecond: 15,
      label: 'cluster',
    })
    await sleep(6000)
    const waitingRetries = await queueDepth(survivor.url, names.retry(RETRY_MS))
    expect(waitingRetries, 'deliveries wait in the retry queue at the kill').toBeGreaterThan(0)

    const killedAt = Date.now()
    await leader.process.kill()
    // A fresh client on a live node, publishing at once (before a new leader is recorded), as
    // a service reconnecting after the kill does.
    let restarting = false
    const fresh = publishUntilConfirmed(survivor.url, probeQueue, () => restarting)
    let probeArrived: number
    try {
      // A write made after the kill, followed to the receiver: the time the whole path needs.
      const probeTitle = `probe after the kill ${killedAt}`
      const probe = await waitFor(
        async () => {
          const created = await site.api('POST', '/api/content', {
            body: { type: 'article', data: { title: probeTitle } },
          })
          return created.status === 201 ? (created.body.id as string) : undefined
        },
        { timeoutMs: 60_000, intervalMs: 200, what: 'a write after the kill' },
      )
      probeArrived = await waitFor(
        () =>
          receiver.requests.find((request) => request.json().document?.id === probe)?.receivedAt,
        { timeoutMs: 60_000, intervalMs: 50, what: 'the event of a write made after the kill' },
      )
      await sleep(Math.max(0, killedAt + 7000 - Date.now()))
    } finally {
      restarting = true
    }
    const freshPublish = await fresh
    expect(
      freshPublish.confirmedAt,
      'a new client publishes to a queue whose leader died before that node is back',
    ).toBeDefined()
    await leader.process.start()
    await sleep(3000)
    const records = await load.stop()

    const ok = acknowledged(records)
    expect(ok.length, JSON.stringify(statusCounts(records))).toBeGreaterThan(100)
    expect(ok.some((record) => record.startedAt > killedAt + 1000)).toBe(true)
    const ledger = await expectNothingLost({
      api: site.api,
      mongoUrl: stack!.backends.mongo.url,
      websiteId: site.websiteId,
      records,
      receiver: { ...receiver, requests: delivered },
      timeoutMs: 120_000,
    })
    const ids = delivered.map((request) => String(request.headers['x-webhook-id']))
    const duplicated = ids.length - new Set(ids).size
    const longestGap = longestAnswerGap(records, killedAt)
    process.stderr.write(
      `[cluster-rabbitmq] writes ${records.length} (${JSON.stringify(statusCounts(records))}), ` +
        `events ${ledger.events}, lost 0, duplicated deliveries ${duplicated}, ` +
        `retries waiting at the kill ${waitingRetries}, ` +
        `first write after the kill delivered in ${((probeArrived - killedAt) / 1000).toFixed(1)} s, ` +
        `a fresh client's publish to a queue led by the killed node confirmed after ` +
        `${((freshPublish.confirmedAt! - killedAt) / 1000).toFixed(1)} s (${freshPublish.refused} refused before), ` +
        `longest stretch without a 2xx write ${(longestGap / 1000).toFixed(1)} s\n`,
    )
  }, 300_000)
})

/** The longest time after `from` during which no write was answered 2xx. */
function longestAnswerGap(records: Parameters<typeof acknowledged>[0], from: number): number {
  const answers = acknowledged(records)
    .map((record) => record.startedAt + record.ms)
    .filter((at) => at >= from)
    .sort((a, b) => a - b)
  let gap = 0
  let previous = from
  for (const at of answers) {
    gap = Math.max(gap, at - previous)
    previous = at
  }
  return gap
}
