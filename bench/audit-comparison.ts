import { measureHttp } from './http-load.ts'
import type { HttpLoad } from './http-load.ts'
import type { LoadPlan } from './load-plan.ts'
import type { Measurement } from './measurement.ts'
import type { CommandCount } from './storage-commands.ts'

/** The suffix of a command scenario sent to the writer with `AUDIT_LOG=off`. */
export const AUDIT_OFF = ' (audit off)'

/** A write scenario's throughput on the content writer with and without the audit log. */
export interface AuditThroughput {
  scenario: string
  /** Mean req/s of the writer's two rounds with the audit log, and of its two without. */
  onReqPerSec: number
  offReqPerSec: number
  /** on / off. */
  ratio: number
  errors: number
}

/** A write scenario's storage commands per call with the audit log and without. */
export interface AuditCommands {
  scenario: string
  /** The content store's request-path commands per call. */
  on: number
  off: number
  /** on - off (goal: at most 1). */
  added: number
  /** Background commands per call (the relays, the audit appends among them). */
  backgroundOn: number
  backgroundOff: number
  /** The audit log's own background commands per call with it (`insert audit_entries`, ...). */
  auditBackground: Record<string, number>
}

export interface AuditComparison {
  throughput: AuditThroughput[]
  commands: AuditCommands[]
}

const round = (value: number) => Number(value.toFixed(2))

/**
 * Rounds on, off, off, on, each straight to a content writer (the gateway's share is the same
 * either way), so a steady drift of a shared machine falls on both sides alike; the writer
 * without the audit log, fresh so far, first gets an unmeasured round of one request per
 * connection. `load` builds each round's load (a fresh one, or the same one when its requests
 * carry state, like the PATCH pool's versions).
 */
export async function measureAuditThroughput(options: {
  scenario: string
  plan: LoadPlan
  load: (url: string, round: number) => HttpLoad
  onUrl: string
  offUrl: string
  log: (line: string) => void
}): Promise<AuditThroughput> {
  const { plan, load, onUrl, offUrl } = options
  const connections = plan.connections
  await measureHttp(load(offUrl, 0), {
    kind: 'counted',
    connections,
    requests: connections,
    timeoutSeconds: 600,
  })
  const order = [onUrl, offUrl, offUrl, onUrl]
  const rounds: Measurement[] = []
  for (const [index, url] of order.entries())
    rounds.push(await measureHttp(load(url, index + 1), plan))
  const meanOf = (url: string) => {
    const rates = rounds.filter((_, index) => order[index] === url).map((m) => m.reqPerSec)
    return rates.reduce((sum, rate) => sum + rate, 0) / rates.length
  }
  const [on, off] = [meanOf(onUrl), meanOf(offUrl)]
  const result = {
    scenario: options.scenario,
    onReqPerSec: round(on),
    offReqPerSec: round(off),
    ratio: off > 0 ? round(on / off) : 0,
    errors: rounds.reduce((sum, m) => sum + m.errors, 0),
  }
  options.log(
    `  audit log on / off: ${result.onReqPerSec} / ${result.offReqPerSec} req/s = ${result.ratio} (rounds on, off, off, on: ${rounds.map((m) => m.reqPerSec).join(', ')}; errors ${result.errors})`,
  )
  return result
}

/** Pairs each write scenario's command count with its `(audit off)` twin. */
export function auditCommands(counts: readonly CommandCount[]): AuditCommands[] {
  return counts.flatMap((on) => {
    const off = counts.find((count) => count.name === `${on.name}${AUDIT_OFF}`)
    if (!off) return []
    return [
      {
        scenario: on.name,
        on: on.perCall,
        off: off.perCall,
        added: round(on.perCall - off.perCall),
        backgroundOn: on.backgroundPerCall,
        backgroundOff: off.backgroundPerCall,
        auditBackground: Object.fromEntries(
          Object.entries(on.backgroundByCommand).filter(([command]) =>
            command.endsWith(' audit_entries'),
          ),
        ),
      },
    ]
  })
}

export function formatAuditComparison(comparison: AuditComparison): string {
  const lines = comparison.commands.map(
    (c) =>
      `${c.scenario}: ${c.on} storage commands per call with the audit log, ${c.off} without (+${c.added}, goal <= 1); background ${c.backgroundOn} / ${c.backgroundOff}, the audit log's ${JSON.stringify(c.auditBackground)}`,
  )
  for (const t of comparison.throughput)
    lines.push(
      `${t.scenario}, content writer: ${t.onReqPerSec} req/s with the audit log, ${t.offReqPerSec} without (x ${t.ratio})`,
    )
  return lines.join('\n')
}
