const SAMPLE = /^mongodb_commands_total\{([^}]*)\}\s+([0-9.e+]+)$/gm

/** Labels of one `mongodb_commands_total` sample, as written: `origin="request",command="find",…`. */
export type CommandLabels = string

export const answeringRequests = (labels: CommandLabels) => /origin="request"/.test(labels)

/** The storage commands a service has counted so far (its `/metrics`), of the samples `select` keeps. */
export async function storageCommands(
  metricsUrl: string,
  select: (labels: CommandLabels) => boolean = answeringRequests,
): Promise<number> {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text()
  let total = 0
  for (const [, labels, value] of text.matchAll(SAMPLE)) if (select(labels!)) total += Number(value)
  return total
}

/**
 * What `run` answers and the commands `count` saw meanwhile, tried until a run costs at most
 * `atMost` (20 tries at most, pausing longer each time). Other test files' requests on the
 * shared stack can only add commands to a run, so the fewest seen is the run's own cost: a run
 * that truly costs more than `atMost` shows it on every try.
 */
export async function fewestCommands<T>(
  count: () => Promise<number>,
  run: () => Promise<T>,
  atMost = 0,
): Promise<{ commands: number; answer: T }> {
  let fewest: { commands: number; answer: T } | undefined
  for (let attempt = 0; attempt < 20 && !(fewest && fewest.commands <= atMost); attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
    const before = await count()
    const answer = await run()
    const commands = (await count()) - before
    if (!fewest || commands < fewest.commands) fewest = { commands, answer }
  }
  return fewest!
}
