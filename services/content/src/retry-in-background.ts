import type { Logger } from '@cms/logger'

/** Retries `task` until it succeeds, so the service can start (not ready) before MongoDB does. */
export function retryInBackground(
  task: () => Promise<void>,
  logger: Logger,
  what: string,
): { done(): boolean; stop(): Promise<void> } {
  let done = false
  let stopped = false
  let wake: (() => void) | undefined
  const running = (async () => {
    while (!stopped && !done) {
      try {
        await task()
        done = true
      } catch (error) {
        logger.warn({ err: (error as Error).message }, `${what} failed; retrying`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 1000)
          wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
      }
    }
  })()
  return {
    done: () => done,
    async stop() {
      stopped = true
      wake?.()
      await running
    },
  }
}
