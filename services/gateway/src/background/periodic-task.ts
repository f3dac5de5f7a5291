import type { Logger } from 'pino'

export interface PeriodicTask {
  stop(): Promise<void>
}

/**
 * Runs `task` every `intervalMs` in the background, never two at once; a failure is logged and
 * the next run tries again. `stop` waits for the run under way.
 */
export function startPeriodicTask(deps: {
  name: string
  task: () => Promise<void>
  intervalMs: number
  logger: Pick<Logger, 'warn'>
}): PeriodicTask {
  let running: Promise<void> | undefined
  const timer = setInterval(() => {
    if (running) return
    running = deps
      .task()
      .catch((error: unknown) => {
        deps.logger.warn({ err: (error as Error).message }, `${deps.name} failed; retrying`)
      })
      .finally(() => {
        running = undefined
      })
  }, deps.intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
