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
  /** The content store's request-path commands per call (what the budget bounds). */
  perCall: number
  /** Request-path commands per call by `<command> <collection>`, other services' prefixed. */
  byCommand: Record<string, number>
  /** Other services' request-path commands per call (the schema read of a type, key lookups). */
  otherServicesPerCall: number
  /** Commands the services issued in the background meanwhile (the relay, say), per call. */
  backgroundPerCall: number
  /** The same by `<command> <collection>` (other services' prefixed). */
  backgroundByCommand: Record<string, number>
  withinBudget: boolean
}

type Counts = Map<string, number>

const SAMPLE = /^mongodb_commands_total\{([^}]*)\}\s+([0-9.e+]+)$/gm
const LABEL = /(\w+)="([^"]*)"/g

/** Every service's counters summed by origin, command and collection (each URL a metrics port). */
export async function readCommandCounts(metricsUrls: readonly string[]): Promise<Counts> {
  const counts: Counts = new Map()
  for (const url of metricsUrls) {
    const text = await (await fetch(`${url}/metrics`)).text()
    for (const [, labels, value] of text.matchAll(SAMPLE)) {
      const label = Object.fromEntries([...labels!.matchAll(LABEL)].map(([, k, v]) => [k, v]))
      const service = label.service?.startsWith('content') ? 'content' : label.service
      const key = `${label.origin} ${service} ${label.command} ${label.collection}`
      counts.set(key, (counts.get(key) ?? 0) + Number(value))
    }
  }
  return counts
}

const round = (value: number) => Number(value.toFixed(2))

/** The growth of the counters from `before` to `after` per call, of one origin. */
export function perCallOf(before: Counts, after: Counts, calls: number, origin: string) {
  const byCommand: Record<string, number> = {}
  let content = 0
  let others = 0
  for (const [key, value] of after) {
    if (!key.startsWith(`${origin} `)) continue
    const delta = value - (before.get(key) ?? 0)
    if (delta <= 0) continue
    const [service, command] = [key.split(' ')[1], key.slice(origin.length + 1)]
    const named = service === 'content' ? command.slice('content '.length) : command
    byCommand[named] = round(delta / calls)
    if (service === 'content') content += delta
    else others += delta
  }
  return { content: round(content / calls), others: round(others / calls), byCommand }
}

/**
 * What each call of `run` cost (it answers how many it made): the content store's commands and
 * other services', on the request path and in the background.
 */
export async function commandsPerCall(
  metricsUrls: readonly string[],
  run: () => Promise<number>,
  settleMs = 1000,
) {
  const before = await readCommandCounts(metricsUrls)
  const calls = await run()
  // Background work a call started (the relay sending its event) lands shortly after.
  await new Promise((resolve) => setTimeout(resolve, settleMs))
  const after = await readCommandCounts(metricsUrls)
  return {
    request: perCallOf(before, after, calls, 'request'),
    background: perCallOf(before, after, calls, 'background'),
  }
}

/** Runs each scenario alone and divides the counters' growth by its calls. */
export async function countCommands(
  metricsUrls: readonly string[],
  scenario: CommandBudget,
  settleMs = 1000,
): Promise<CommandCount> {
  const run = async () => {
    await scenario.run()
    return scenario.calls
  }
  const { request, background } = await commandsPerCall(metricsUrls, run, settleMs)
  return {
    name: scenario.name,
    calls: scenario.calls,
    budget: scenario.budget,
    perCall: request.content,
    byCommand: request.byCommand,
    otherServicesPerCall: request.others,
    backgroundPerCall: round(background.content + background.others),
    backgroundByCommand: background.byCommand,
    withinBudget: request.content <= scenario.budget,
  }
}

export function formatCommandTable(counts: readonly CommandCount[]): string {
  const rows = counts.map((c) => [
    c.name,
    String(c.perCall),
    String(c.budget),
    c.withinBudget ? 'yes' : 'NO',
    String(c.otherServicesPerCall),
    Object.entries(c.byCommand)
      .map(([command, n]) => `${command} ${n}`)
      .join(', '),
    String(c.backgroundPerCall),
  ])
  const header = [
    'scenario',
    'content store/call',
    'budget',
    'within',
    'other services/call',
    'request path',
    'background/call',
  ]
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`
  return [line(header), rule, ...rows.map(line)].join('\n')
}
