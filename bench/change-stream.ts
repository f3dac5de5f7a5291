import { performance } from 'node:perf_hooks'
import process from 'node:process'
import { startStack } from '@cms/stack'
import { jsonClient } from '@cms/testkit'
import { seedWebsite } from './seed-website.ts'
import { readCommandCounts } from './storage-commands.ts'

/**
 * The live change stream (issue 35): change-to-receipt latency with STREAMS open streams, and
 * the storage commands per second open idle streams cost beyond an idle system's own.
 * `npx tsx bench/change-stream.ts` (BENCH_STREAMS, BENCH_CHANGES, BENCH_IDLE_SECONDS).
 */
const STREAMS = Number(process.env.BENCH_STREAMS ?? 100)
const CHANGES = Number(process.env.BENCH_CHANGES ?? 100)
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10)
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`)

/** `documentId -> when it arrived` on one stream (its first event of each document). */
async function openStream(url: string, key: string, abort: AbortSignal) {
  const arrivals = new Map<string, number>()
  const response = await fetch(`${url}/api/changes?draft=true`, {
    headers: { 'x-api-key': key },
    signal: abort,
  })
  if (response.status !== 200) throw new Error(`stream refused: ${response.status}`)
  void (async () => {
    const decoder = new TextDecoder()
    for await (const chunk of response.body!)
      for (const match of decoder.decode(chunk).matchAll(/"documentId":"([^"]+)"/g))
        if (!arrivals.has(match[1]!)) arrivals.set(match[1]!, performance.now())
  })().catch(() => undefined)
  return arrivals
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
const total = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function idleCommandsPerSecond(metricsUrls: string[]): Promise<number> {
  const before = total(await readCommandCounts(metricsUrls))
  await sleep(IDLE_SECONDS * 1000)
  const after = total(await readCommandCounts(metricsUrls))
  return (after - before) / IDLE_SECONDS
}

async function main(): Promise<void> {
  const stack = await startStack({
    name: `bench-changes-${Date.now()}`,
    ephemeral: true,
    log,
    env: { gateway: { LOG_LEVEL: 'warn', CHANGE_STREAMS_PER_WEBSITE: String(STREAMS) } },
  })
  const abort = new AbortController()
  try {
    const { gatewayUrl, adminToken } = stack.services
    const metricsUrls = Object.values(stack.services.metricsUrls)
    const site = await seedWebsite({ gatewayUrl, adminToken })
    const api = jsonClient(gatewayUrl, { 'x-api-key': site.adminKey })
    await api('POST', '/api/content-types', {
      body: { name: 'note', fields: [{ name: 'title', type: 'text' }] },
    })
    await sleep(2000)
    const baseline = await idleCommandsPerSecond(metricsUrls)
    const streams = await Promise.all(
      Array.from({ length: STREAMS }, () => openStream(gatewayUrl, site.adminKey, abort.signal)),
    )
    log(`${STREAMS} streams open`)
    const withStreams = await idleCommandsPerSecond(metricsUrls)
    const written: { id: string; startedAt: number; answeredAt: number }[] = []
    for (let i = 0; i < CHANGES; i++) {
      const startedAt = performance.now()
      const created = await api('POST', '/api/content', {
        body: { type: 'note', data: { title: `note ${i}` } },
      })
      if (created.status !== 201) throw new Error(`create failed: ${created.status}`)
      written.push({ id: created.body.id as string, startedAt, answeredAt: performance.now() })
    }
    const deadline = Date.now() + 60_000
    while (streams.some((s) => s.size < CHANGES) && Date.now() < deadline) await sleep(100)
    const fromStart: number[] = []
    const fromAnswer: number[] = []
    let missing = 0
    for (const arrivals of streams)
      for (const { id, startedAt, answeredAt } of written) {
        const at = arrivals.get(id)
        if (at === undefined) missing++
        else {
          fromStart.push(at - startedAt)
          fromAnswer.push(at - answeredAt)
        }
      }
    fromStart.sort((a, b) => a - b)
    fromAnswer.sort((a, b) => a - b)
    const ms = (value: number) => `${value.toFixed(1)} ms`
    console.log(
      [
        `change stream: ${STREAMS} streams, ${CHANGES} creates one after another, ${fromStart.length} receipts, ${missing} missing`,
        `  write sent -> event received: p50 ${ms(percentile(fromStart, 50))}, p99 ${ms(percentile(fromStart, 99))}`,
        `  write answered -> event received: p50 ${ms(percentile(fromAnswer, 50))}, p99 ${ms(percentile(fromAnswer, 99))}`,
        `  storage commands/s, idle (${IDLE_SECONDS} s): ${baseline.toFixed(2)} without streams, ${withStreams.toFixed(2)} with ${STREAMS} streams open`,
      ].join('\n'),
    )
  } finally {
    abort.abort()
    await stack.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
