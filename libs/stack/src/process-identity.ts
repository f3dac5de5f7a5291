import { readFileSync } from 'node:fs'
import process from 'node:process'

/** A process as recorded in a lock file: its pid and, where /proc tells, when it started. */
export interface ProcessIdentity {
  pid: number
  /** Field 22 of /proc/<pid>/stat (ticks since boot): tells a reused pid from the recorded one. */
  startTime?: string
}

function procStat(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return undefined
  }
}

export function identityOf(pid: number): ProcessIdentity {
  const startTime = procStat(pid)?.[19]
  return startTime === undefined ? { pid } : { pid, startTime }
}

/** True while the recorded process runs: same pid, not a zombie, and (on Linux) same start time. */
export function isAlive(identity: ProcessIdentity): boolean {
  try {
    process.kill(identity.pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  const stat = procStat(identity.pid)
  if (!stat) return true
  if (stat[0] === 'Z' || stat[0] === 'X') return false
  return identity.startTime === undefined || stat[19] === identity.startTime
}
