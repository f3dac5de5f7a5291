import type { ManagedProcess, ProcessExit } from './managed-process.ts'
import { logTail } from './log-tail.ts'

/** When to restart a process that exited on its own, and when to give up on it. */
export interface RestartPolicy {
  /** Delay before the first restart; doubled for each further crash in the window. */
  firstDelayMs: number
  maxDelayMs: number
  /** More crashes than this within `windowMs` and the process is given up. */
  maxCrashes: number
  windowMs: number
  /** How many lines of the process's log a crash report shows. */
  logLines: number
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  firstDelayMs: 250,
  maxDelayMs: 8000,
  maxCrashes: 5,
  windowMs: 60_000,
  logLines: 8,
}

export type SupervisedState = 'up' | 'restarting' | 'given up'

export interface Supervisor {
  state(name: string): SupervisedState | undefined
  /** No more restarts (a restart waiting on its delay is dropped); call before stopping the processes. */
  stop(): void
}

export interface SupervisorOptions {
  processes: readonly ManagedProcess[]
  report: (line: string) => void
  policy?: Partial<RestartPolicy>
  /** Called after each successful restart, before it is reported (to record the new pid). */
  onRestarted?: (process: ManagedProcess) => void
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

export const describeExit = (exit: Pick<ProcessExit, 'code' | 'signal'>): string =>
  exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`

const LOG_FLUSH_MS = 100

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/**
 * Watches every process: one that exits when nobody asked it to is reported (name, exit code
 * or signal, the last lines of its log) and started again with the same spec, after a delay
 * that doubles with each crash in the window; past `maxCrashes` it is reported as given up and
 * left down, while the others keep running.
 */
export function supervise(options: SupervisorOptions): Supervisor {
  const policy = { ...DEFAULT_RESTART_POLICY, ...options.policy }
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const { report } = options
  const states = new Map<string, SupervisedState>()
  const crashes = new Map<string, number[]>()
  let stopped = false

  const showLog = (process: ManagedProcess) => {
    const tail = logTail(process.logFile, policy.logLines)
    if (tail.length === 0) return report(`  (${process.logFile} is empty)`)
    report(`  last lines of ${process.logFile}:`)
    for (const line of tail) report(`  | ${line}`)
  }

  const recover = async (process: ManagedProcess) => {
    const name = process.name
    for (;;) {
      const at = now()
      const recent = (crashes.get(name) ?? []).filter((t) => at - t < policy.windowMs)
      recent.push(at)
      crashes.set(name, recent)
      if (recent.length > policy.maxCrashes) {
        states.set(name, 'given up')
        report(
          `${name} crashed ${recent.length} times within ${seconds(policy.windowMs)}: given up, the rest keep running (log: ${process.logFile})`,
        )
        return
      }
      const delay = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (recent.length - 1))
      report(
        `restarting ${name} in ${seconds(delay)} (crash ${recent.length} of ${policy.maxCrashes} allowed within ${seconds(policy.windowMs)})`,
      )
      await sleep(delay)
      if (stopped) return
      const startedAt = now()
      try {
        await process.start()
      } catch (error) {
        if (stopped) return
        report(`${name} did not come back: ${(error as Error).message}`)
        showLog(process)
        continue
      }
      if (stopped) return
      states.set(name, 'up')
      options.onRestarted?.(process)
      report(`${name} is back (pid ${process.pid()}, ready in ${seconds(now() - startedAt)})`)
      return
    }
  }

  for (const process of options.processes) {
    states.set(process.name, 'up')
    process.onExit((exit) => {
      if (exit.expected || stopped || states.get(process.name) !== 'up') return
      states.set(process.name, 'restarting')
      void (async () => {
        await sleep(LOG_FLUSH_MS) // its last words may still be on their way to the log
        report(`${process.name} exited unexpectedly (${describeExit(exit)})`)
        showLog(process)
        await recover(process)
      })()
    })
  }

  return {
    state: (name) => states.get(name),
    stop() {
      stopped = true
    },
  }
}
