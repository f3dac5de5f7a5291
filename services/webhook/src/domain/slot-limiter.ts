/** Where one attempt goes: the website it is for and the address it connects to. */
export interface SlotKeys {
  websiteId: string
  /** The resolved address of the target (not host:port: one server with many ports is one). */
  target: string
}

export interface SlotLimits {
  /** Jobs one website may hold, running or waiting, whatever their targets: its share. */
  website: number
  /** Attempts in flight to one address, for all websites together. */
  target: number
  /** Attempts in flight from one website to one address. */
  websiteTarget: number
}

export interface SlotLimiter {
  /**
   * Runs `task` once the address and the website at that address each have a free slot. A
   * website holding its share already (running and waiting) gets undefined without running it:
   * the caller parks the job instead of holding a prefetch slot another website could use.
   */
  tryRun<T>(keys: SlotKeys, task: () => Promise<T>): Promise<T> | undefined
  /** Whether the website already holds all it may (running and waiting). */
  isFull(websiteId: string): boolean
  inFlight(keys: SlotKeys): number
}

interface Count {
  running: number
  held: number
}

interface Waiter {
  names: string[]
  start: () => void
}

/**
 * Fair shares: a website with a backlog of slow deliveries holds at most its share of the jobs
 * in hand, so another website's jobs always find room and are never queued behind it here.
 */
export function createSlotLimiter(limits: SlotLimits): SlotLimiter {
  const counts = new Map<string, Count>()
  const waiters: Waiter[] = []
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
  // Only a website's own jobs count against what it may hold; addresses limit what runs.
  const canHold = (websiteName: string) => count(websiteName).held < limits.website
  const canRun = (names: string[]) => names.every((name) => count(name).running < limitOf(name))
  const change = (names: string[], running: number, held: number) => {
    for (const name of names) {
      const next = { running: count(name).running + running, held: count(name).held + held }
      if (next.held === 0) counts.delete(name)
      else counts.set(name, next)
    }
  }

  const startWaiters = () => {
    for (let index = 0; index < waiters.length;) {
      const waiter = waiters[index]!
      if (canRun(waiter.names)) {
        waiters.splice(index, 1)
        change(waiter.names, 1, 0)
        waiter.start()
      } else index++
    }
  }

  return {
    tryRun(keys, task) {
      const names = namesOf(keys)
      if (!canHold(names[0]!)) return undefined
      change(names, 0, 1)
      let slot: Promise<void>
      if (canRun(names)) {
        change(names, 1, 0)
        slot = Promise.resolve()
      } else {
        slot = new Promise<void>((start) => waiters.push({ names, start }))
      }
      return slot.then(task).finally(() => {
        change(names, -1, -1)
        startWaiters()
      })
    },
    isFull: (websiteId) => !canHold(`w:${websiteId}`),
    inFlight: (keys) => count(namesOf(keys)[2]!).running,
  }
}
