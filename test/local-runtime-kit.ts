import { spawn } from 'node:child_process'
import { join } from 'node:path'
import process from 'node:process'
import { LOCK_FILE_NAME, readLock, REPO_ROOT } from '@cms/stack'
import type { LockRecord } from '@cms/stack'
import { waitFor } from '@cms/testkit'

/**
 * `scripts/start.ts` run as a user runs `npm start`, in a process of its own with its own data
 * folder and gateway port, its terminal output recorded.
 */
export interface LocalStart {
  pid: number
  output(): string
  /** Resolves with the exit code (or signal) once the start process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Resolves once the output contains `text`; throws with the output so far otherwise. */
  waitForOutput(text: string, timeoutMs: number): Promise<void>
  lock(): LockRecord | undefined
}

/** Variables of the shared test stack that must not reach a start that provisions its own. */
const SHARED_STACK_VARIABLES = /^(MONGO_URL|REDIS_URL|AMQP_URL|INTERNAL_TOKEN|CMS_.*)$/

export function runStart(env: {
  CMS_DATA_DIR: string
  CMS_PORT: string
  CMS_ADMIN_TOKEN?: string
}): LocalStart {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !SHARED_STACK_VARIABLES.test(name)),
  )
  const child = spawn(process.execPath, ['--import', 'tsx', join('scripts', 'start.ts')], {
    cwd: REPO_ROOT,
    env: { ...inherited, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  let ended = false
  void exited.then(() => (ended = true))
  return {
    pid: child.pid!,
    output: () => output,
    exited,
    async waitForOutput(text, timeoutMs) {
      const found = await waitFor(
        () => (output.includes(text) ? true : ended ? false : undefined),
        { timeoutMs, intervalMs: 100 },
      ).catch(() => false)
      if (!found) {
        const why = ended ? 'ended without printing' : `did not print within ${timeoutMs} ms`
        throw new Error(`npm start ${why} "${text}":\n${output}`)
      }
    },
    lock: () => readLock(join(env.CMS_DATA_DIR, LOCK_FILE_NAME)),
  }
}

/** The banner's value for `label` (e.g. "Admin token"). */
export function bannerValue(output: string, label: string): string {
  const line = output.split('\n').find((l) => l.trimStart().startsWith(label))
  if (!line) throw new Error(`no "${label}" in the banner:\n${output}`)
  return line.trimStart().slice(label.length).trim().split(/\s+/)[0]!
}
