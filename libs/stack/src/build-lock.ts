import { linkSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import process from 'node:process'
import { setTimeout as sleep } from 'node:timers/promises'
import { identityOf, isAlive } from './process-identity.ts'
import type { ProcessIdentity } from './process-identity.ts'

function holderOf(file: string): ProcessIdentity | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ProcessIdentity
  } catch {
    return undefined
  }
}

function freshlyWritten(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < 2000
  } catch {
    return false
  }
}

function tryTake(file: string): boolean {
  const temp = `${file}.${process.pid}.tmp`
  writeFileSync(temp, JSON.stringify(identityOf(process.pid)))
  try {
    linkSync(temp, file)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return false
  } finally {
    unlinkSync(temp)
  }
}

/** Moves a lock whose process is gone aside, unless another process replaced it meanwhile. */
function clearStale(file: string, holder: ProcessIdentity | undefined): void {
  const aside = `${file}.stale-${process.pid}`
  try {
    renameSync(file, aside)
  } catch {
    return
  }
  const moved = holderOf(aside)
  if (moved && holder && moved.pid !== holder.pid) {
    try {
      linkSync(aside, file)
    } catch {
      // a third process took the lock meanwhile; its lock stands
    }
  }
  unlinkSync(aside)
}

/**
 * Runs `work` while this process holds the lock `file`, so that processes sharing a cache build
 * into it one at a time; the others wait (polling) until it is released. A lock whose process
 * is gone (a killed build) is taken over.
 */
export async function withBuildLock<T>(
  file: string,
  work: () => Promise<T>,
  options: { waitMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (options.waitMs ?? 30 * 60_000)
  while (!tryTake(file)) {
    const holder = holderOf(file)
    if (holder ? !isAlive(holder) : !freshlyWritten(file)) clearStale(file, holder)
    else if (Date.now() > deadline) throw new Error(`${file} stays held by pid ${holder?.pid}`)
    else await sleep(250)
  }
  try {
    return await work()
  } finally {
    unlinkSync(file)
  }
}
