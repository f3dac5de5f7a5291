/**
 * Soak: the whole system on this machine at a steady mixed read/write rate for a minute (by
 * default), all on 127.0.0.1. Passes when no request failed, every acknowledged write's event
 * reached the webhook receiver, and no service's resident memory kept growing. Prints a table
 * for the README; `npm run soak`. Not part of `npm test`.
 *
 *   SOAK_SECONDS=60 SOAK_READS_PER_SEC=20 SOAK_WRITES_PER_SEC=4 SOAK_SEED=200 npm run soak
 *
 * The load is open-loop: requests start on a fixed schedule whatever the answers, so a slow
 * system shows up as latency and a backlog, not as a politely lower rate.
 */
import { readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import { join } from 'node:path'
import process from 'node:process'
import { MongoClient } from 'mongodb'
import { startStack } from '@cms/stack'
import type { ManagedProcess, ServiceName, Stack } from '@cms/stack'

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60)
const READS_PER_SEC = Number(process.env.SOAK_READS_PER_SEC ?? 20)
const WRITES_PER_SEC = Number(process.env.SOAK_WRITES_PER_SEC ?? 4)
const SEED_DOCUMENTS = Number(process.env.SOAK_SEED ?? 200)
const MAX_IN_FLIGHT = 64
const SAMPLE_EVERY_MS = 2000
/** Samples before this are warm-up (JIT, pools, caches) and do not count for stability. */
const WARMUP_MS = 10_000
/** Growth from the warm-up baseline to the end that still counts as stable. */
const STABLE_GROWTH_MB = 30
const STABLE_GROWTH_RATIO = 0.25

const OFFERED = `${READS_PER_SEC} reads/s + ${WRITES_PER_SEC} writes/s`

const log = (line: string) => process.stderr.write(`[soak] ${line}\n`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Outcome {
  kind: string
  status: number
  ms: number
  error?: string
}

/** A webhook endpoint that counts events by `<documentId>:<version>`. */
async function startReceiver() {
  const seen = new Set<string>()
  let requests = 0
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      requests++
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        seen.add(`${body.document.id}:${body.document.version}`)
      } catch {
        // counted as a request; a broken body would show as a missing event
      }
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/soak`,
    seen,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function client(gatewayUrl: string, key: string) {
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${gatewayUrl}${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(20_000),
    })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined }
  }
}

/** Resident memory of a process in MB (Linux /proc; 0 elsewhere). */
function rssMb(pid: number | undefined): number {
  if (!pid) return 0
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
    return Math.round((kb / 1024) * 10) / 10
  } catch {
    return 0
  }
}

const randomBelow = (n: number) => Math.floor(Math.random() * n)
const signed = (n: number) => `${n >= 0 ? '+' : ''}${n}`

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function describeMachine(mongoUrl: string): Promise<string> {
  const mongo = new MongoClient(mongoUrl)
  try {
    const info = (await mongo.db('admin').command({ buildInfo: 1 })) as {
      version?: string
      ferretdbVersion?: string
    }
    const storage = info.ferretdbVersion
      ? `FerretDB ${info.ferretdbVersion} (SQLite)`
      : `MongoDB ${info.version ?? '?'}`
    const cpus = os.cpus()
    return (
      `${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ` +
      `${Math.round(os.totalmem() / 1024 ** 3)} GB RAM, ${os.type()} ${os.release()}, ` +
      `Node ${process.version}, ${storage}, Redis and RabbitMQ local processes`
    )
  } finally {
    await mongo.close()
  }
}

async function setUp(stack: Stack, receiverUrl: string) {
  const { gatewayUrl, adminToken } = stack.services
  const admin = async (path: string, body: unknown) => {
    const response = await fetch(`${gatewayUrl}/admin/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (response.status !== 201)
      throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as { id: string; key: string }
  }
  const website = await admin('/websites', { name: 'soak' })
  const plan = { perMinute: 10_000_000, perDay: 1_000_000_000 }
  const adminKey = await admin(`/websites/${website.id}/keys`, { scope: 'admin', rateLimit: plan })
  const readKey = await admin(`/websites/${website.id}/keys`, { scope: 'read', rateLimit: plan })
  const api = client(gatewayUrl, adminKey.key)
  const type = await api('POST', '/api/content-types', {
    name: 'article',
    slugField: 'title',
    titleField: 'title',
    fields: [
      { name: 'title', type: 'text', required: true },
      { name: 'body', type: 'textarea' },
      { name: 'views', type: 'integer' },
      { name: 'tags', type: 'tags' },
    ],
  })
  if (type.status !== 201) throw new Error(`content type: ${type.status}`)
  const hook = await api('POST', '/api/webhooks', { url: receiverUrl })
  if (hook.status !== 201) throw new Error(`webhook: ${hook.status}`)
  const published: { id: string; slug: string }[] = []
  for (let i = 0; i < SEED_DOCUMENTS; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, SEED_DOCUMENTS - i) }, async (_, j) => {
        const created = await api('POST', '/api/content', {
          type: 'article',
          data: { title: `Seed ${i + j}`, body: 'x'.repeat(500), views: i + j, tags: ['seed'] },
        })
        const done = await api('POST', `/api/content/${created.body.id}/publish`)
        if (done.status !== 200) throw new Error(`seeding: ${done.status}`)
        published.push({ id: created.body.id, slug: created.body.slug })
      }),
    )
  }
  return { api, read: client(gatewayUrl, readKey.key), published }
}

/** The first error lines (pino level 50) each service logged: why requests failed. */
function printServerErrors(stack: Stack, names: readonly ServiceName[]): void {
  for (const name of names) {
    let text: string
    try {
      text = readFileSync(join(stack.dataDir, 'logs', `${name}.log`), 'utf8')
    } catch {
      continue
    }
    const errors = text.split('\n').filter((line) => line.includes('"level":50'))
    if (errors.length === 0) continue
    log(`${name}: ${errors.length} error lines, the first:`)
    for (const line of errors.slice(0, 3)) log(`  ${line.slice(0, 1500)}`)
  }
}

async function main(): Promise<number> {
  log(`starting a stack of its own (${SECONDS} s at ${OFFERED})`)
  const quiet = { LOG_LEVEL: 'warn' }
  const stack = await startStack({
    name: `soak-${Date.now()}`,
    // Kept when the soak fails, so the services' logs can be read (deleted on success).
    ephemeral: false,
    log,
    env: {
      gateway: quiet,
      'content-read': quiet,
      'content-write': quiet,
      schema: quiet,
      webhook: { ...quiet, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
    },
  })
  const receiver = await startReceiver()
  let passed = false
  try {
    const machine = await describeMachine(stack.backends.mongo.url)
    log(machine)
    const { api, read, published } = await setUp(stack, receiver.url)
    log(`seeded ${published.length} published documents`)

    const outcomes: Outcome[] = []
    const acknowledged: string[] = []
    const mine: string[] = []
    let skipped = 0
    let inFlight = 0
    const run = (kind: string, call: () => Promise<{ status: number; body: any }>) => {
      if (inFlight >= MAX_IN_FLIGHT) {
        skipped++
        return
      }
      inFlight++
      const started = performance.now()
      call()
        .then(
          (response) => {
            outcomes.push({ kind, status: response.status, ms: performance.now() - started })
            if (response.status >= 200 && response.status < 300 && kind.startsWith('write')) {
              acknowledged.push(`${response.body.id}:${response.body.version}`)
              if (kind === 'write: create') mine.push(response.body.id)
            }
          },
          (error: Error) =>
            outcomes.push({
              kind,
              status: 0,
              ms: performance.now() - started,
              error: error.message,
            }),
        )
        .finally(() => inFlight--)
    }
    const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!
    const readOps = [
      () => run('read: by id', () => read('GET', `/api/content/${pick(published).id}`)),
      () =>
        run('read: by slug', () =>
          read('GET', `/api/content/by-slug/article/${pick(published).slug}`),
        ),
      () => run('read: list', () => read('GET', `/api/content?limit=20&sort=-createdAt`)),
      () =>
        run('read: filtered list', () =>
          read('GET', `/api/content?filters[views][$gte]=${randomBelow(SEED_DOCUMENTS)}&limit=10`),
        ),
    ]
    let n = 0
    const writeOps = [
      () =>
        run('write: create', () =>
          api('POST', '/api/content', {
            type: 'article',
            data: { title: `Soak ${++n}`, views: n },
          }),
        ),
      () => {
        if (mine.length === 0) return
        run('write: update', () =>
          api('PATCH', `/api/content/${pick(mine)}`, { data: { views: ++n } }),
        )
      },
    ]

    const services = stack.services.processes
    const names = Object.keys(services) as ServiceName[]
    // Backing servers started here are managed processes too; shown for information only.
    const backing = { mongo: stack.backends.mongo, redis: stack.backends.redis }
    const pidOf = (name: string): number | undefined =>
      name in services
        ? services[name as ServiceName].pid()
        : (
            backing[name as keyof typeof backing].control as Partial<ManagedProcess> | undefined
          )?.pid?.()
    const watched = [...names, ...Object.keys(backing)]
    const samples: { at: number; rss: Record<string, number> }[] = []
    const started = Date.now()
    const sample = () =>
      samples.push({
        at: Date.now() - started,
        rss: Object.fromEntries(watched.map((name) => [name, rssMb(pidOf(name))])),
      })
    sample()
    const sampler = setInterval(sample, SAMPLE_EVERY_MS)
    const schedule = (perSec: number, ops: (() => void)[]) => {
      const interval = 1000 / perSec
      let tick = 0
      return (async () => {
        while (Date.now() - started < SECONDS * 1000) {
          const due = started + tick++ * interval
          const wait = due - Date.now()
          if (wait > 0) await sleep(wait)
          pick(ops)()
        }
      })()
    }
    await Promise.all([schedule(READS_PER_SEC, readOps), schedule(WRITES_PER_SEC, writeOps)])
    while (inFlight > 0) await sleep(50)
    clearInterval(sampler)
    sample()
    const elapsed = (Date.now() - started) / 1000

    // Every acknowledged change's event reaches the receiver (at least once).
    const deadline = Date.now() + 60_000
    let missing = acknowledged.filter((change) => !receiver.seen.has(change))
    while (missing.length > 0 && Date.now() < deadline) {
      await sleep(500)
      missing = acknowledged.filter((change) => !receiver.seen.has(change))
    }

    // ------------------------------------------------------------ report
    const kinds = [...new Set(outcomes.map((o) => o.kind))].sort()
    const failures = outcomes.filter((o) => o.status < 200 || o.status >= 300)
    const lines: string[] = []
    lines.push(`Soak: ${elapsed.toFixed(0)} s, ${OFFERED} offered, open loop, 127.0.0.1`)
    lines.push(`Machine: ${machine}`)
    lines.push('')
    lines.push('| operation | requests | errors | p50 ms | p95 ms | p99 ms | max ms |')
    lines.push('|---|---:|---:|---:|---:|---:|---:|')
    for (const kind of [...kinds, 'all']) {
      const of = kind === 'all' ? outcomes : outcomes.filter((o) => o.kind === kind)
      const ms = of.map((o) => o.ms)
      const errors = of.filter((o) => o.status < 200 || o.status >= 300).length
      const row = [
        of.length,
        errors,
        percentile(ms, 50),
        percentile(ms, 95),
        percentile(ms, 99),
        Math.max(...ms),
      ]
      lines.push(
        `| ${kind} | ${row.map((v, i) => (i < 2 ? String(v) : v.toFixed(1))).join(' | ')} |`,
      )
    }
    lines.push('')
    lines.push(
      `Throughput: ${(outcomes.length / elapsed).toFixed(1)} req/s answered; ` +
        `not sent (over ${MAX_IN_FLIGHT} in flight): ${skipped}; ` +
        `webhook events: ${acknowledged.length - missing.length}/${acknowledged.length} ` +
        `acknowledged changes delivered ` +
        `(${receiver.requests()} deliveries)`,
    )
    lines.push('')
    lines.push(`Resident memory (MB), sampled every ${SAMPLE_EVERY_MS / 1000} s:`, '')
    lines.push(`| process | at ${WARMUP_MS / 1000} s | peak | end | growth | verdict |`)
    lines.push('|---|---:|---:|---:|---:|---|')
    let unstable = 0
    for (const name of watched) {
      const after = samples.filter((s) => s.at >= WARMUP_MS)
      const baseline = after[0]?.rss[name] ?? 0
      const peak = Math.max(...samples.map((s) => s.rss[name] ?? 0))
      // The end is the mean of the last three samples, so one GC pause does not decide it.
      const tail = samples.slice(-3).map((s) => s.rss[name] ?? 0)
      const end = Math.round((tail.reduce((a, b) => a + b, 0) / tail.length) * 10) / 10
      const growth = Math.round((end - baseline) * 10) / 10
      const stable = growth <= Math.max(STABLE_GROWTH_MB, baseline * STABLE_GROWTH_RATIO)
      const isService = (names as string[]).includes(name)
      if (!stable && isService) unstable++
      const verdict = `${stable ? 'stable' : 'GROWING'}${isService ? '' : ' (backing server)'}`
      lines.push(`| ${name} | ${baseline} | ${peak} | ${end} | ${signed(growth)} | ${verdict} |`)
    }
    process.stdout.write(`${lines.join('\n')}\n`)
    if (failures.length > 0) {
      const examples = failures.slice(0, 5).map((f) => `${f.kind} -> ${f.status} ${f.error ?? ''}`)
      log(`FAILED: ${failures.length} requests failed, e.g. ${examples.join('; ')}`)
    }
    if (missing.length > 0) log(`FAILED: ${missing.length} acknowledged changes without an event`)
    if (unstable > 0) log(`FAILED: ${unstable} services kept growing`)
    if (skipped > 0)
      log(`FAILED: ${skipped} requests not sent: the system fell behind the offered rate`)
    passed = failures.length === 0 && missing.length === 0 && unstable === 0 && skipped === 0
    if (failures.length > 0) printServerErrors(stack, names)
    return passed ? 0 : 1
  } finally {
    await receiver.close()
    await stack.stop()
    if (passed) rmSync(stack.dataDir, { recursive: true, force: true })
    else log(`logs kept in ${join(stack.dataDir, 'logs')}`)
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    log(`soak failed: ${(error as Error).stack ?? error}`)
    process.exit(1)
  },
)
