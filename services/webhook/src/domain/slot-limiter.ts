/** Where one attempt goes: the website it is for and the address it connects to. */
export interface SlotKeys {
  websiteId: string
  /** The resolved address of the target (not host:port: one server with many ports is one). */
  target: string
}

export interface SlotLimits {
  /** Jobs a slow website may hold, running or waiting, whatever their targets: its share. */
  website: number
  /** Attempts in flight to one address, for all websites together. */
  target: number
  /** Attempts in flight from one website to one address. */
  websiteTarget: number
  /**
   * A website is slow while one of its attempts has been running longer than this; only a slow
   * website is held to its share, so healthy endpoints are never capped by it.
   */
  slowMs: number
}

export interface SlotLimiter {
  /**
   * Runs `task` once the address and the website at that address each have a free slot. A slow
   * website holding its share already gets undefined without running it, and a task still
   * waiting when its website turns slow past its share resolves undefined without running: the
   * caller parks the job instead of holding a prefetch slot another website could use.
   */
  tryRun<T>(keys: SlotKeys, task: () => Promise<T>): Promise<T | undefined> | undefined
  /** Whether the website is slow and already holds all it may (running and waiting). */
  isFull(websiteId: string): boolean
  inFlight(keys: SlotKeys): number
}

interface Count {
  running: number
  held: number
}

interface Waiter {
  websiteId: string
  names: string[]
  start: (run: boolean) => void
}

/**
 * Fair shares that pace slow endpoints without capping healthy ones: a website whose attempts
 * hang holds at most its share of the jobs in hand (the rest are let go, to be parked), so
 * another website's jobs always find room; a website whose endpoints answer keeps every slot
 * it can use, since its jobs turn over before anyone waits long for them.
 */
export function createSlotLimiter(
  limits: SlotLimits,
  clock: () => number = () => performance.now(),
): SlotLimiter {
  const counts = new Map<string, Count>()
  /** Start times of each website's running attempts. */
  const running = new Map<string, Set<{ since: number }>>()
  let waiters: Waiter[] = []
  let sweeping: ReturnType<typeof setTimeout> | undefined

  const namesOf = (keys: SlotKeys) => [
    `w:${keys.websiteId}`,
    `t:${keys.target}`,
    `p:${keys.websiteId}|${keys.target}`,
  ]
  const limitOf = (name: string) =>
    name.startsWith('w:')
      ? limits.website
      : name.startsWith('t:')
        ? limits.target
        : limits.websiteTarget
  const count = (name: string): Count => counts.get(name) ?? { running: 0, held: 0 }
  const canRun = (names: string[]) =>
    names.slice(1).every((name) => count(name).running < limitOf(name))
  const change = (names: string[], runs: number, held: number) => {
    for (const name of names) {
      const next = { running: count(name).running + runs, held: count(name).held + held }
      if (next.held === 0) counts.delete(name)
      else counts.set(name, next)
    }
  }
  const isSlow = (websiteId: string) => {
    const oldest = clock() - limits.slowMs
    for (const attempt of running.get(websiteId) ?? []) if (attempt.since < oldest) return true
    return false
  }
  const pastShare = (websiteId: string, extra = 0) =>
    count(`w:${websiteId}`).held + extra > limits.website && isSlow(websiteId)

  const startWaiters = () => {
    const still: Waiter[] = []
    for (const waiter of waiters) {
      if (canRun(waiter.names)) {
        change(waiter.names, 1, 0)
        waiter.start(true)
      } else still.push(waiter)
    }
    waiters = still
  }

  /** Lets go of the newest waiters of every slow website past its share. */
  const sweep = () => {
    sweeping = undefined
    for (let index = waiters.length - 1; index >= 0; index--) {
      const waiter = waiters[index]!
      if (!pastShare(waiter.websiteId)) continue
      waiters.splice(index, 1)
      change(waiter.names, 0, -1)
      waiter.start(false)
    }
    armSweep()
  }
  const armSweep = () => {
    if (sweeping === undefined && waiters.length > 0) {
      sweeping = setTimeout(sweep, limits.slowMs)
      sweeping.unref?.()
    }
  }

  async function runTask<T>(keys: SlotKeys, names: string[], task: () => Promise<T>) {
    const attempt = { since: clock() }
    const attempts = running.get(keys.websiteId) ?? new Set()
    running.set(keys.websiteId, attempts.add(attempt))
    try {
      return await task()
    } finally {
      attempts.delete(attempt)
      if (attempts.size === 0) running.delete(keys.websiteId)
      change(names, -1, -1)
      startWaiters()
    }
  }

  return {
    tryRun(keys, task) {
      if (pastShare(keys.websiteId, 1)) return undefined
      const names = namesOf(keys)
      change(names, 0, 1)
      if (canRun(names)) {
        change(names, 1, 0)
        return runTask(keys, names, task)
      }
      const slot = new Promise<boolean>((start) =>
        waiters.push({ websiteId: keys.websiteId, names, start }),
      )
      armSweep()
      return slot.then((run) => (run ? runTask(keys, names, task) : undefined))
    },
    isFull: (websiteId) => pastShare(websiteId, 1),
    inFlight: (keys) => count(namesOf(keys)[2]!).running,
  }
}
