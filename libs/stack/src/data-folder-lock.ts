import { linkSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import process from 'node:process'
import { StartupError } from '@cms/config'
import { identityOf, isAlive } from './process-identity.ts'
import type { ProcessIdentity } from './process-identity.ts'

export const LOCK_FILE_NAME = 'stack.lock'

/** What the lock file says about the stack that holds a data folder. */
export interface LockRecord extends ProcessIdentity {
  gatewayUrl: string
  startedAt: string
  /** Every process the stack launched, so a start that takes over a stale lock can end them. */
  processes: (ProcessIdentity & { name: string })[]
  /** Where its backing servers answer (for tools and tests; no secrets). */
  backends?: { mongo: string; redis: string; amqp: string }
}

export interface DataFolderLock {
  readonly file: string
  /** The stale lock this one replaced (its start is gone), if any. */
  readonly tookOver?: LockRecord
  /** Rewrites the record (atomically), e.g. once the processes run. */
  update(change: Partial<Omit<LockRecord, 'pid' | 'startTime'>>): void
  /** Removes the lock file if it is still this process's. */
  release(): void
}

export function readLock(file: string): LockRecord | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockRecord
  } catch {
    return undefined
  }
}

function writeAtomically(file: string, record: LockRecord, exclusive: boolean): void {
  const temp = `${file}.${process.pid}.tmp`
  writeFileSync(temp, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 })
  try {
    if (exclusive) linkSync(temp, file)
    else renameSync(temp, file)
  } finally {
    if (exclusive) unlinkSync(temp)
  }
}

const olderThan = (file: string, ms: number) => {
  try {
    return Date.now() - statSync(file).mtimeMs > ms
  } catch {
    return true
  }
}

/**
 * Takes `<dataDir>/stack.lock` for this process, or throws a StartupError naming the running
 * stack's gateway and pid. A lock whose process is gone is taken over (and returned as
 * `tookOver`, so its leftover processes can be ended).
 */
export function acquireDataFolderLock(dataDir: string, gatewayUrl: string): DataFolderLock {
  const file = join(dataDir, LOCK_FILE_NAME)
  let record: LockRecord = {
    ...identityOf(process.pid),
    gatewayUrl,
    startedAt: new Date().toISOString(),
    processes: [],
  }
  let tookOver: LockRecord | undefined
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      writeAtomically(file, record, true)
      return {
        file,
        ...(tookOver ? { tookOver } : {}),
        update(change) {
          record = { ...record, ...change }
          writeAtomically(file, record, false)
        },
        release() {
          if (readLock(file)?.pid === process.pid) unlinkSync(file)
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = readLock(file)
    if (holder && isAlive(holder)) {
      throw new StartupError(
        `a stack already runs on ${dataDir}: gateway ${holder.gatewayUrl}, pid ${holder.pid}`,
      )
    }
    // Unreadable and fresh: another start is writing it; look again shortly.
    if (!holder && !olderThan(file, 2000)) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100)
      continue
    }
    // Stale: move it aside (atomic), and put it back if it turned out to be a fresh one.
    const aside = `${file}.stale-${process.pid}`
    try {
      renameSync(file, aside)
    } catch {
      continue
    }
    const moved = readLock(aside)
    if (moved && holder && moved.pid !== holder.pid) {
      try {
        linkSync(aside, file)
      } catch {
        // a third start took the place meanwhile; its lock stands
      }
      unlinkSync(aside)
      continue
    }
    unlinkSync(aside)
    tookOver = moved ?? holder
  }
  throw new StartupError(`cannot take the lock ${file}: it keeps changing`)
}
