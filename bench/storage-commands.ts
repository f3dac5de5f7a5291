/**
 * Storage commands per API call, read from the services' `mongodb_commands_total` counters
 * (driver command monitoring, by command, collection and origin). These figures do not depend
 * on the storage server: they say what MongoDB will be asked to do too.
 */

export interface CommandBudget {
  /** Scenario name as printed. */
  name: string
  /** At most this many commands on the request path per call. */
  budget: number
  /** Sends `calls` requests one after another. */
  run: () => Promise<void>
  calls: number
  /** Run before counting (warms caches, makes what the calls need). */
  warmUp?: () => Promise<unknown>
}

export interface CommandCount {
  name: string
  calls: number
  budget: number
  /** Request-path commands per call, in total and by `<command> <collection>`. */
  perCall: number
  byCommand: Record<string, number>
  /** Commands the services issued in the background meanwhile (the relay, say), per call. */
  backgroundPerCall: number
  withinBudget: boolean
}

type Counts = Map<string, number>

const SAMPLE = /^mongodb_commands_total\{([^}]*)\}\s+([0-9.e+]+)$/gm
const LABEL = /(\w+)="([^"]*)"/g

/** Every service's counters summed by origin, command and collection. */
export async function readCommandCounts(metricsUrls: readonly string[]): Promise<Counts> {
  const counts: Counts = new Map()
  for (const url of metricsUrls) {
    const text = await (await fetch(`${url}/metrics`)).text()
    for (const [, labels, value] of text.matchAll(SAMPLE)) {
      const label = Object.fromEntries([...labels!.matchAll(LABEL)].map(([, k, v]) => [k, v]))
      const key = `${label.origin} ${label.command} ${label.collection}`
      counts.set(key, (counts.get(key) ?? 0) + Number(value))
    }
  }
  return counts
}

const round = (value: number) => Number(value.toFixed(2))

function perCallOf(before: Counts, after: Counts, calls: number, origin: string) {
  const byCommand: Record<string, number> = {}
  let total = 0
  for (const [key, value] of after) {
    if (!key.startsWith(`${origin} `)) continue
    const delta = value - (before.get(key) ?? 0)
    if (delta <= 0) continue
    byCommand[key.slice(origin.length + 1)] = round(delta / calls)
    total += delta
  }
  return { total: round(total / calls), byCommand }
}

/** Runs each scenario alone and divides the counters' growth by its calls. */
export async function countCommands(
  metricsUrls: readonly string[],
  scenario: CommandBudget,
  settleMs = 1000,
): Promise<CommandCount> {
  const before = await readCommandCounts(metricsUrls)
  await scenario.run()
  // Background work a call started (the relay sending its event) lands shortly after.
  await new Promise((resolve) => setTimeout(resolve, settleMs))
  const after = await readCommandCounts(metricsUrls)
  const request = perCallOf(before, after, scenario.calls, 'request')
  const background = perCallOf(before, after, scenario.calls, 'background')
  return {
    name: scenario.name,
    calls: scenario.calls,
    budget: scenario.budget,
    perCall: request.total,
    byCommand: request.byCommand,
    backgroundPerCall: background.total,
    withinBudget: request.total <= scenario.budget,
  }
}

export function formatCommandTable(counts: readonly CommandCount[]): string {
  const rows = counts.map((c) => [
    c.name,
    String(c.perCall),
    String(c.budget),
    c.withinBudget ? 'yes' : 'NO',
    Object.entries(c.byCommand)
      .map(([command, n]) => `${command} ${n}`)
      .join(', '),
    String(c.backgroundPerCall),
  ])
  const header = [
    'scenario',
    'commands/call',
    'budget',
    'within',
    'request path',
    'background/call',
  ]
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`
  return [line(header), rule, ...rows.map(line)].join('\n')
}
