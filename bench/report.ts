import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Measurement } from './measurement.ts'
import type { QueueTypeResult } from './fanout-queues.ts'
import type { CommandCount } from './storage-commands.ts'
import type { MediaBench } from './media-scenarios.ts'
import type { SessionComparison } from './session-scenarios.ts'
import type { AuditComparison } from './audit-comparison.ts'
import type { PatternBench } from './pattern-scenario.ts'
import type { SyncBench } from './sync-scenarios.ts'
import type { BulkBench } from './bulk-scenario.ts'
import type { ChangeStreamBench } from './change-stream.ts'
import type { VarnishBench } from './varnish-scenario.ts'
import type { GraphqlBench } from './graphql-scenario.ts'
import type { IdleBench } from './idle-scenario.ts'

export interface BaselineFigures {
  reqPerSec: number
  p50Ms: number
  p99Ms: number
  errors: number
}

export interface ScenarioResult {
  name: string
  reqPerSec: number
  p50Ms: number
  p99Ms: number
  errors: number
  /** `ceiling`: a bare Koa server with one Redis round trip serving the same bytes (warm reads). */
  baseline: { driver?: BaselineFigures; direct?: BaselineFigures; ceiling?: BaselineFigures }
  /** Our req/s over the baseline's. */
  ratio: { driver?: number; direct?: number; ceiling?: number }
  /** Warm reads: CPU time (every thread) per request of the gateway and of the ceiling's process. */
  cpuMicrosPerRequest?: { gateway?: number; ceiling?: number }
}

export interface BenchReport {
  machine: string
  date: string
  scenarios: ScenarioResult[]
  /** Storage commands per call of each scenario, against its budget. */
  commands: CommandCount[]
  /** Webhook fan-out on quorum and on classic queues, measured one after the other. */
  fanOutQueues: QueueTypeResult[]
  /** Upload speed, a transform first and cached, the gateway's memory under uploads. */
  media?: MediaBench
  /** A 100 KB value against a catastrophic-backtracking pattern (issue 40). */
  pattern?: PatternBench
  /** Warm reads through a person's session against a key's (BENCH_VARIANTS=session). */
  sessions?: SessionComparison[]
  /** The write scenarios with the audit log against without it, in the same run. */
  audit?: AuditComparison
  /** Initial and incremental `GET /api/sync` (issue 35). */
  sync?: SyncBench
  /** Bulk publish beside single publishes (issue 38). */
  bulk?: BulkBench
  /** `/api/changes`: change-to-receipt latency with open streams, what idle streams cost. */
  changeStream?: ChangeStreamBench
  /** Reads with one write a second, the gateway alone and through Varnish (issue 36). */
  varnish?: VarnishBench
  graphql?: GraphqlBench
  idle?: IdleBench
}

const figures = (m: Measurement): BaselineFigures => ({
  reqPerSec: m.reqPerSec,
  p50Ms: m.p50Ms,
  p99Ms: m.p99Ms,
  errors: m.errors,
})

const ratioOf = (ours: Measurement, baseline?: Measurement): number | undefined =>
  baseline && baseline.reqPerSec > 0
    ? Number((ours.reqPerSec / baseline.reqPerSec).toFixed(2))
    : undefined

export function scenarioResult(
  name: string,
  ours: Measurement,
  baselines: { driver?: Measurement; direct?: Measurement; ceiling?: Measurement } = {},
): ScenarioResult {
  const baseline: ScenarioResult['baseline'] = {}
  const ratio: ScenarioResult['ratio'] = {}
  for (const kind of ['driver', 'direct', 'ceiling'] as const) {
    const measured = baselines[kind]
    if (!measured) continue
    baseline[kind] = figures(measured)
    ratio[kind] = ratioOf(ours, measured)
  }
  return { name, ...figures(ours), baseline, ratio }
}

const pad = (text: string, width: number, right = false) =>
  right ? text.padStart(width) : text.padEnd(width)
const num = (value: number | undefined, digits = 0) =>
  value === undefined
    ? '-'
    : value.toLocaleString('en-US', {
        maximumFractionDigits: digits,
        minimumFractionDigits: digits,
      })
/** Rates below 10 keep decimals (a cold list on FerretDB does a fraction of one a second). */
const rate = (value: number | undefined) =>
  num(value, value === undefined || value >= 10 ? 0 : value < 1 ? 2 : 1)

/** The table printed to the terminal and pasted into the README. */
export function formatTable(report: BenchReport): string {
  const header = [
    'scenario',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'driver req/s',
    'x driver',
    'direct req/s',
    'x direct',
    'ceiling req/s',
    'x ceiling',
    'gateway CPU µs/req',
    'ceiling CPU µs/req',
  ]
  const rows = report.scenarios.map((s) => [
    s.name,
    rate(s.reqPerSec),
    num(s.p50Ms, 1),
    num(s.p99Ms, 1),
    String(s.errors),
    rate(s.baseline.driver?.reqPerSec),
    num(s.ratio.driver, 2),
    rate(s.baseline.direct?.reqPerSec),
    num(s.ratio.direct, 2),
    rate(s.baseline.ceiling?.reqPerSec),
    num(s.ratio.ceiling, 2),
    num(s.cpuMicrosPerRequest?.gateway),
    num(s.cpuMicrosPerRequest?.ceiling),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => pad(cell, widths[i]!, i > 0)).join(' | ')} |`
  const rule = `|${widths.map((w, i) => `${'-'.repeat(w + 1)}${i > 0 ? ':' : '-'}`).join('|')}|`
  return [`${report.machine}, ${report.date}`, '', line(header), rule, ...rows.map(line)].join('\n')
}

export function writeReport(path: string, report: BenchReport): void {
  mkdirSync(dirname(path), { recursive: true })
  const temporary = `${path}.tmp`
  writeFileSync(temporary, `${JSON.stringify(report, null, 2)}\n`)
  renameSync(temporary, path)
}
