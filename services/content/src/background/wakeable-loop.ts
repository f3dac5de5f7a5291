/**
 * A background loop that sleeps as long as each look says (until the next thing falls due), and
 * that its own process can wake at once (it just set something up). A wake during a look makes
 * the next look start right after it, since the look may have missed what was just set.
 */
export interface WakeableLoop {
  start(): void
  wake(): void
  /** Stops sleeping and waits for the look under way. */
  stop(): Promise<void>
}

export function createWakeableLoop(options: {
  /** One look; answers how long to sleep before the next. */
  look: () => Promise<number>
  /** A look that failed; answers how long to sleep before trying again. */
  failed: (error: unknown) => number
}): WakeableLoop {
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> | undefined
  let stopped = true
  let woken = false

  function next(delayMs: number): void {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(() => {
      running = options
        .look()
        .catch(options.failed)
        .then((sleepMs) => {
          running = undefined
          next(woken ? 0 : sleepMs)
          woken = false
        })
    }, delayMs)
  }

  return {
    start() {
      stopped = false
      next(0)
    },
    wake() {
      if (running) woken = true
      else next(0)
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
