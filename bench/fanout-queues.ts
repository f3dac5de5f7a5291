import { BUILT_IN_ROLES } from '@cms/contract'
/**
 * Webhook fan-out on quorum and on classic queues, in the same run and on the same backing
 * servers: `npx tsx bench/fanout-queues.ts`. For each queue type a webhook service of its own
 * (own database, own queues) gets `BENCH_QUEUES_WEBHOOKS` webhooks to a local receiver, then
 * `BENCH_QUEUES_EVENTS` entry events are published on the events exchange as the content
 * service's relay does. Reported: deliveries per second from the first publish to the last
 * receipt, and what quorum queues cost against classic ones (docs/deployment.md).
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import process from 'node:process'
import { connect } from 'amqplib'
import { EVENTS_EXCHANGE } from '@cms/events'
import type { EntryEventMessage } from '@cms/events'
import { authorizationHeaders, internalHeaders } from '@cms/http'
import {
  DATA_ROOT,
  freePort,
  managedProcess,
  provisionBackends,
  REPO_ROOT,
  startableServiceCommand,
} from '@cms/stack'
import type { Backends } from '@cms/stack'
import { jsonClient } from '@cms/testkit'
import { startWebhookReceiver } from './webhook-receiver.ts'

const QUEUE_TYPES = ['quorum', 'classic'] as const
type QueueType = (typeof QUEUE_TYPES)[number]

const count = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`)
  return value
}
const EVENTS = count('BENCH_QUEUES_EVENTS', 200)
const WEBHOOKS = count('BENCH_QUEUES_WEBHOOKS', 5)
const DRAIN_TIMEOUT_MS = count('BENCH_QUEUES_TIMEOUT_MS', 300_000)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const log = (line: string) => process.stderr.write(`${line}\n`)

export interface QueueTypeResult {
  type: QueueType
  deliveries: number
  expected: number
  deliveriesPerSec: number
}

function entryEvent(websiteId: string, n: number): EntryEventMessage {
  const id = randomUUID()
  const now = new Date().toISOString()
  return {
    eventId: randomUUID(),
    event: 'entry.create',
    timestamp: now,
    websiteId,
    contentType: 'article',
    document: {
      id,
      type: 'article',
      slug: `bench-${n}`,
      status: 'draft',
      data: { title: `fan-out ${n}` },
      createdAt: now,
    },
  }
}

async function measure(
  type: QueueType,
  backends: Backends,
  dataDir: string,
  internalToken: string,
  sizes: { events: number; webhooks: number },
): Promise<QueueTypeResult> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const prefix = `bench-${type}-${randomUUID().slice(0, 8)}`
  const database = `bench_fanout_${type}_${randomUUID().slice(0, 8)}`
  const { command, args } = await startableServiceCommand('webhook', 'node')
  const service = managedProcess({
    name: `webhook-${type}`,
    command,
    args,
    cwd: REPO_ROOT,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      MONGO_URL: backends.mongo.writerUrl ?? backends.mongo.url,
      MONGO_DB: database,
      AMQP_URL: backends.amqp.url,
      INTERNAL_TOKEN: internalToken,
      WEBHOOK_QUEUE_PREFIX: prefix,
      WEBHOOK_QUEUE_TYPE: type,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      LOG_LEVEL: 'warn',
    },
    logFile: join(dataDir, 'logs', `webhook-${type}.log`),
    isReady: async () => (await fetch(`${url}/readyz`)).ok,
    readyTimeoutMs: 120_000,
  })
  await service.start()
  const receiver = await startWebhookReceiver()
  const websiteId = randomUUID()
  const caller = { websiteId, keyId: randomUUID(), permissions: BUILT_IN_ROLES.owner }
  const api = jsonClient(url, {
    ...internalHeaders(internalToken, caller),
    ...authorizationHeaders('POST', '/api/webhooks', caller),
  })
  const connection = await connect(backends.amqp.url)
  try {
    for (let i = 0; i < sizes.webhooks; i++) {
      const created = await api('POST', '/api/webhooks', {
        body: { url: `${receiver.url}/hook/${i}`, secret: `bench-secret-${i}-0123456789` },
      })
      if (created.status !== 201) throw new Error(`creating a webhook failed: ${created.text}`)
    }
    const channel = await connection.createConfirmChannel()
    const expected = sizes.events * sizes.webhooks
    const started = performance.now()
    for (let n = 0; n < sizes.events; n++) {
      const message = entryEvent(websiteId, n)
      channel.publish(EVENTS_EXCHANGE, message.event, Buffer.from(JSON.stringify(message)), {
        persistent: true,
        contentType: 'application/json',
        messageId: message.eventId,
      })
    }
    await channel.waitForConfirms()
    const deadline = started + DRAIN_TIMEOUT_MS
    while (receiver.receipts.length < expected && performance.now() < deadline) await sleep(100)
    const last = Math.max(...receiver.receipts.map((receipt) => receipt.at), started)
    const deliveries = Math.min(receiver.receipts.length, expected)
    // Each queue of this run goes; the service declared them and would keep them.
    const cleanup = await connection.createChannel()
    await service.stop(15_000)
    const retries = ['1000', '5000', '25000'].map((ms) => `retry.${ms}ms`)
    for (const suffix of ['events', 'deliveries', 'dead', 'park.2000ms', ...retries]) {
      await cleanup.deleteQueue(`${prefix}.${type === 'quorum' ? 'q' : 'classic'}.${suffix}`)
    }
    return {
      type,
      deliveries,
      expected,
      deliveriesPerSec:
        deliveries === 0 ? 0 : Math.round((deliveries / ((last - started) / 1000)) * 10) / 10,
    }
  } finally {
    await service.stop(15_000)
    await receiver.close()
    await connection.close()
  }
}

export interface FanOutQueuesOptions {
  /** Backing servers to use (e.g. the bench stack's); by default the run starts its own. */
  backends?: Backends
  /** Entry events published per queue type (default BENCH_QUEUES_EVENTS or 200). */
  events?: number
  /** Webhooks each event fans out to (default BENCH_QUEUES_WEBHOOKS or 5). */
  webhooks?: number
  log?: (line: string) => void
}

/** Both queue types, one after the other, each with a webhook service of its own. */
export async function benchFanOutQueues(
  options: FanOutQueuesOptions = {},
): Promise<QueueTypeResult[]> {
  const say = options.log ?? log
  const dataDir = mkdtempSync(join(DATA_ROOT, 'bench-queues-'))
  const backends = options.backends ?? (await provisionBackends({ dataDir, log: say, env: {} }))
  const internalToken = randomUUID() + randomUUID()
  const sizes = { events: options.events ?? EVENTS, webhooks: options.webhooks ?? WEBHOOKS }
  try {
    const results: QueueTypeResult[] = []
    for (const type of QUEUE_TYPES) {
      say(
        `webhook fan-out on ${type} queues: ${sizes.events} events x ${sizes.webhooks} webhooks ...`,
      )
      results.push(await measure(type, backends, dataDir, internalToken, sizes))
    }
    return results
  } finally {
    if (!options.backends) await backends.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await benchFanOutQueues()
  for (const result of results) {
    log(
      `${result.type.padEnd(8)} ${String(result.deliveriesPerSec).padStart(8)} deliveries/s ` +
        `(${result.deliveries}/${result.expected} delivered)`,
    )
  }
  const [quorum, classic] = results
  if (quorum && classic && classic.deliveriesPerSec > 0) {
    const cost = 1 - quorum.deliveriesPerSec / classic.deliveriesPerSec
    log(`quorum queues cost ${(cost * 100).toFixed(1)} % of the classic fan-out rate`)
  }
  process.stdout.write(`${JSON.stringify(results)}\n`)
}
