import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { createWriteStream, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import process from 'node:process'

export interface ProcessSpec {
  name: string
  command: string
  args: readonly string[]
  env?: Record<string, string | undefined>
  cwd?: string
  /** stdout and stderr are appended here. */
  logFile: string
  /** Resolves true once the process is ready to use. */
  isReady: () => Promise<boolean>
  readyTimeoutMs?: number
}

export interface ManagedProcess {
  readonly name: string
  pid(): number | undefined
  isRunning(): boolean
  /** Starts (again) with the same spec and waits until ready. */
  start(): Promise<void>
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process has exited. */
  stop(graceMs?: number): Promise<void>
  /** SIGKILL at once, as a crash would. */
  kill(): Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A child process in its own process group, so stopping it also stops what it spawned. */
export function managedProcess(spec: ProcessSpec): ManagedProcess {
  let child: ChildProcess | undefined
  let exited: Promise<void> = Promise.resolve()

  const signalGroup = (signal: NodeJS.Signals) => {
    if (!child?.pid) return
    try {
      process.kill(-child.pid, signal)
    } catch {
      // already gone
    }
  }

  const stopWith = async (graceMs: number, firstSignal: NodeJS.Signals) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    signalGroup(firstSignal)
    const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs)
    await exited
    clearTimeout(timer)
  }

  return {
    name: spec.name,
    pid: () => child?.pid,
    isRunning: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    async start() {
      mkdirSync(dirname(spec.logFile), { recursive: true })
      const log = createWriteStream(spec.logFile, { flags: 'a' })
      const started = spawn(spec.command, [...spec.args], {
        cwd: spec.cwd,
        env: { ...process.env, ...spec.env },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      child = started
      started.stdout?.pipe(log)
      started.stderr?.pipe(log)
      let exitCode: number | null = null
      exited = new Promise((resolve) =>
        started.once('exit', (code) => {
          exitCode = code
          resolve()
        }),
      )
      const spawnFailed = new Promise<Error>((resolve) => started.once('error', resolve))
      const deadline = Date.now() + (spec.readyTimeoutMs ?? 60_000)
      while (Date.now() < deadline) {
        const failure = await Promise.race([spawnFailed, sleep(0).then(() => undefined)])
        if (failure) throw new Error(`${spec.name}: cannot run ${spec.command}: ${failure.message}`)
        if (started.exitCode !== null || exitCode !== null) {
          throw new Error(
            `${spec.name} exited with code ${started.exitCode ?? exitCode} during start; see ${spec.logFile}`,
          )
        }
        if (await spec.isReady().catch(() => false)) return
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
