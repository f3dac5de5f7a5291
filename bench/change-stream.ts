import { performance } from 'node:perf_hooks'
import type { ApiCall } from '@cms/testkit'
import { readCommandCounts } from './storage-commands.ts'

/**
 * The live change stream (issue 35): change-to-receipt latency with `streams` open streams, and
 * the storage commands per second open idle streams cost beyond an idle system's own, read from
 * every service's counters as the storage-command figures are.
 */

export interface ChangeStreamBench {
  streams: number
  changes: number
  receipts: number
  missing: number
  /** From the write's answer to the event's receipt (what the stream adds). */
  fromAnswer: { p50Ms: number; p99Ms: number }
  /** From the write's start (the write itself included). */
  fromStart: { p50Ms: number; p99Ms: number }
  idleSeconds: number
  /** Storage commands per second, idle, without streams and with `streams` open. */
  idleCommandsPerSec: { withoutStreams: number; withStreams: number }
}

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
const ms = (value: number) => Number(value.toFixed(1))
const quantiles = (values: number[]) => {
  if (values.length === 0) return { p50Ms: Number.NaN, p99Ms: Number.NaN }
  const sorted = [...values].sort((a, b) => a - b)
  return { p50Ms: ms(percentile(sorted, 50)), p99Ms: ms(percentile(sorted, 99)) }
}

async function idleCommandsPerSecond(metricsUrls: readonly string[], seconds: number) {
  const before = total(await readCommandCounts(metricsUrls))
  await sleep(seconds * 1000)
  const after = total(await readCommandCounts(metricsUrls))
  return Number(((after - before) / seconds).toFixed(2))
}

/**
 * Opens `streams` draft-view streams with the admin key, then creates `changes` articles one
 * after another through `api`; the gateway's `CHANGE_STREAMS_PER_WEBSITE` must allow `streams`.
 */
export async function measureChangeStream(options: {
  gatewayUrl: string
  adminKey: string
  api: ApiCall
  metricsUrls: readonly string[]
  streams: number
  changes: number
  idleSeconds: number
  log: (line: string) => void
}): Promise<ChangeStreamBench> {
  const { metricsUrls, idleSeconds } = options
  const abort = new AbortController()
  try {
    const withoutStreams = await idleCommandsPerSecond(metricsUrls, idleSeconds)
    const streams = await Promise.all(
      Array.from({ length: options.streams }, () =>
        openStream(options.gatewayUrl, options.adminKey, abort.signal),
      ),
    )
    options.log(`  ${options.streams} streams open`)
    const withStreams = await idleCommandsPerSecond(metricsUrls, idleSeconds)
    const written: { id: string; startedAt: number; answeredAt: number }[] = []
    for (let i = 0; i < options.changes; i++) {
      const startedAt = performance.now()
      const created = await options.api<{ id: string }>('POST', '/api/content', {
        body: { type: 'article', data: { title: `stream probe ${i} ${Date.now()}` } },
      })
      if (created.status !== 201) throw new Error(`create failed: ${created.status}`)
      written.push({ id: created.body.id, startedAt, answeredAt: performance.now() })
    }
    const deadline = Date.now() + 60_000
    while (streams.some((s) => s.size < options.changes) && Date.now() < deadline) await sleep(100)
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
    return {
      streams: options.streams,
      changes: options.changes,
      receipts: fromAnswer.length,
      missing,
      fromAnswer: quantiles(fromAnswer),
      fromStart: quantiles(fromStart),
      idleSeconds,
      idleCommandsPerSec: { withoutStreams, withStreams },
    }
  } finally {
    abort.abort()
  }
}

export function formatChangeStreamBench(bench: ChangeStreamBench): string {
  const idle = bench.idleCommandsPerSec
  return [
    `change stream: ${bench.streams} streams, ${bench.changes} creates one after another, ${bench.receipts} receipts, ${bench.missing} missing`,
    `  write answered -> event received: p50 ${bench.fromAnswer.p50Ms} ms, p99 ${bench.fromAnswer.p99Ms} ms`,
    `  write sent -> event received: p50 ${bench.fromStart.p50Ms} ms, p99 ${bench.fromStart.p99Ms} ms`,
    `  storage commands/s, idle (${bench.idleSeconds} s): ${idle.withoutStreams} without streams, ${idle.withStreams} with ${bench.streams} streams open ` +
      `(an idle stream costs ${((idle.withStreams - idle.withoutStreams) / bench.streams).toFixed(3)}/s)`,
  ].join('\n')
}
