export interface HostLimiter {
  /**
   * Runs `task` once `host` has a free slot. When the host already has `concurrency` tasks
   * running and `maxWaiting` waiting, returns undefined without running it: the caller puts the
   * job aside instead of holding a prefetch slot that deliveries to other hosts could use.
   */
  tryRun<T>(host: string, task: () => Promise<T>): Promise<T> | undefined
  /** Whether `tryRun` on `host` would refuse now. */
  isFull(host: string): boolean
  inFlight(host: string): number
}

interface HostState {
  running: number
  waiting: Array<() => void>
}

export function createHostLimiter(options: {
  concurrency: number
  maxWaiting: number
}): HostLimiter {
  const hosts = new Map<string, HostState>()

  const release = (host: string, state: HostState) => {
    const next = state.waiting.shift()
    if (next) return next()
    state.running -= 1
    if (state.running === 0) hosts.delete(host)
  }

  const full = (state: HostState) =>
    state.running >= options.concurrency && state.waiting.length >= options.maxWaiting

  return {
    tryRun(host, task) {
      let state = hosts.get(host)
      if (!state) {
        state = { running: 0, waiting: [] }
        hosts.set(host, state)
      }
      const current = state
      if (full(current)) return undefined
      let slot: Promise<void>
      if (current.running < options.concurrency) {
        current.running += 1
        slot = Promise.resolve()
      } else {
        // A released slot passes straight to this waiter, so `running` stays at the limit.
        slot = new Promise<void>((resolve) => current.waiting.push(resolve))
      }
      return slot.then(task).finally(() => release(host, current))
    },
    isFull(host) {
      const state = hosts.get(host)
      return state !== undefined && full(state)
    },
    inFlight: (host) => hosts.get(host)?.running ?? 0,
  }
}
