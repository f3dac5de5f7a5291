import { readCommandCounts } from './storage-commands.ts'

/** Storage commands a second of each service instance with no request at all (issue 39). */
export interface IdleBench {
  seconds: number
  /** Per instance, by the service its metrics name (the busiest first). */
  instances: Array<{ service: string; perSecond: number; byCommand: Record<string, number> }>
  /** The busiest instance's figure: what the goal bounds. */
  maxPerSecond: number
}

/** The goal: at most this many storage commands a second per instance, idle. */
export const IDLE_GOAL_PER_SECOND = 0.5

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const round = (value: number) => Number(value.toFixed(2))

/** Reads each instance's command counters, waits `seconds` with nothing sent, reads them again. */
export async function measureIdle(options: {
  metricsUrls: readonly string[]
  seconds: number
}): Promise<IdleBench> {
  const before = await Promise.all(options.metricsUrls.map((url) => readCommandCounts([url])))
  await sleep(options.seconds * 1000)
  const after = await Promise.all(options.metricsUrls.map((url) => readCommandCounts([url])))
  const instances = after.map((counts, index) => {
    const byCommand: Record<string, number> = {}
    let service = options.metricsUrls[index]!
    let total = 0
    for (const [key, value] of counts) {
      const grown = value - (before[index]!.get(key) ?? 0)
      if (grown <= 0) continue
      const [, named, command, collection] = key.split(' ')
      service = named ?? service
      byCommand[`${command} ${collection}`] = round(grown / options.seconds)
      total += grown
    }
    return { service, perSecond: round(total / options.seconds), byCommand }
  })
  instances.sort((a, b) => b.perSecond - a.perSecond)
  return {
    seconds: options.seconds,
    instances,
    maxPerSecond: instances[0]?.perSecond ?? 0,
  }
}

export function formatIdleBench(bench: IdleBench): string {
  const lines = bench.instances.map(
    (instance) =>
      `  ${instance.service}: ${instance.perSecond}/s ${JSON.stringify(instance.byCommand)}`,
  )
  return [
    `idle (${bench.seconds} s, no request): the busiest instance sends ${bench.maxPerSecond} storage commands/s (goal <= ${IDLE_GOAL_PER_SECOND})`,
    ...lines,
  ].join('\n')
}
