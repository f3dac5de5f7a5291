import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import process from 'node:process'

/** A process that ended before it was ready; `output` is what it logged meanwhile. */
export class ExitedDuringStart extends Error {
  readonly processName: string
  readonly logFile: string
  readonly output: string

  constructor(processName: string, how: string, logFile: string, output: string) {
    super(`${processName} exited with ${how} during start; see ${logFile}`)
    this.name = 'ExitedDuringStart'
    this.processName = processName
    this.logFile = logFile
    this.output = output
  }
}

export interface ProcessSpec {
  name: string
  command: string
  args: readonly string[]
  env?: Record<string, string | undefined>
  cwd?: string
  /** stdout and stderr are appended here. */
  logFile: string
  /**
   * Resolves true once the process is ready to use. `instanceId` is the `CMS_INSTANCE_ID` this
   * start gave the process (a service reports it in `/healthz`), so readiness is checked
   * against this very process, not whoever answers on the port.
   */
  isReady: (instanceId: string) => Promise<boolean>
  readyTimeoutMs?: number
}

/** How a process ended; `expected` when its owner asked for it (stop() or kill()). */
export interface ProcessExit {
  code: number | null
  signal: NodeJS.Signals | null
  expected: boolean
}

export interface ManagedProcess {
  readonly name: string
  readonly logFile: string
  pid(): number | undefined
  isRunning(): boolean
  /** Starts (again) with the same spec and waits until ready. */
  start(): Promise<void>
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process has exited. */
  stop(graceMs?: number): Promise<void>
  /** SIGKILL at once, as a crash would. */
  kill(): Promise<void>
  /** Called on every exit of the process; returns a function that removes the listener. */
  onExit(listener: (exit: ProcessExit) => void): () => void
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Signals a whole process group (0: only asks whether any of it is left); false when none is. */
export function signalProcessGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal)
    return true
  } catch {
    return false
  }
}

/** A child process in its own process group, so stopping it also stops what it spawned. */
export function managedProcess(spec: ProcessSpec): ManagedProcess {
  let child: ChildProcess | undefined
  let exited: Promise<void> = Promise.resolve()
  let stopRequested = false
  const listeners = new Set<(exit: ProcessExit) => void>()

  const signalGroup = (signal: NodeJS.Signals) => {
    if (child?.pid) signalProcessGroup(child.pid, signal)
  }

  const stopWith = async (graceMs: number, firstSignal: NodeJS.Signals) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    stopRequested = true
    signalGroup(firstSignal)
    const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs)
    await exited
    clearTimeout(timer)
  }

  return {
    name: spec.name,
    logFile: spec.logFile,
    pid: () => child?.pid,
    isRunning: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    onExit(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async start() {
      mkdirSync(dirname(spec.logFile), { recursive: true })
      // The process writes its log file itself: a pipe through this process would break when
      // this one dies, and a program that then logs (FerretDB: SIGPIPE) would die with it,
      // though the next start means to take it over and end it.
      const log = openSync(spec.logFile, 'a')
      const logFrom = fstatSync(log).size
      const instanceId = randomUUID()
      stopRequested = false
      const started = spawn(spec.command, [...spec.args], {
        cwd: spec.cwd,
        env: { ...process.env, ...spec.env, CMS_INSTANCE_ID: instanceId },
        detached: true,
        stdio: ['ignore', log, log],
      })
      closeSync(log)
      child = started
      let exitCode: number | null = null
      exited = new Promise((resolve) =>
        started.once('exit', (code, signal) => {
          exitCode = code
          const expected = stopRequested
          // What the process left behind in its group (a wrapper's server, say) goes with it,
          // so a restart finds its ports and data free.
          if (!expected && started.pid) signalProcessGroup(started.pid, 'SIGKILL')
          resolve()
          for (const listener of listeners) listener({ code, signal, expected })
        }),
      )
      const spawnFailed = new Promise<Error>((resolve) => started.once('error', resolve))
      const deadline = Date.now() + (spec.readyTimeoutMs ?? 60_000)
      while (Date.now() < deadline) {
        const failure = await Promise.race([spawnFailed, sleep(0).then(() => undefined)])
        if (failure) throw new Error(`${spec.name}: cannot run ${spec.command}: ${failure.message}`)
        if (started.exitCode !== null || started.signalCode !== null || exitCode !== null) {
          const how = started.signalCode
            ? `signal ${started.signalCode}`
            : `code ${started.exitCode ?? exitCode}`
          const output = readFileSync(spec.logFile).subarray(logFrom).toString('utf8')
          throw new ExitedDuringStart(spec.name, how, spec.logFile, output)
        }
        if (await spec.isReady(instanceId).catch(() => false)) return
        await sleep(150)
      }
      await stopWith(2000, 'SIGKILL')
      throw new Error(
        `${spec.name} was not ready within ${(spec.readyTimeoutMs ?? 60_000) / 1000} s; see ${spec.logFile}`,
      )
    },
    stop: (graceMs = 10_000) => stopWith(graceMs, 'SIGTERM'),
    kill: () => stopWith(0, 'SIGKILL'),
  }
}
