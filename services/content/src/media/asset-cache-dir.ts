import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/** The folders this process made (a process may run several services in tests). */
const ours = new Set<string>()

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // Only "no such process" is gone (EPERM: a process of another user holds that pid).
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

/**
 * A new empty folder under `root` (`pid-<pid>-<random>`) for one cache. Folders that no
 * running process uses (a crashed one's, or a former process's with this same pid, as in a
 * restarted container) are removed on the way.
 */
export function freshCacheDir(root: string): string {
  mkdirSync(root, { recursive: true })
  for (const name of readdirSync(root)) {
    const pid = Number(/^pid-(\d+)-/.exec(name)?.[1])
    const path = join(root, name)
    const unused = pid === process.pid ? !ours.has(path) : !alive(pid)
    if (Number.isInteger(pid) && unused) rmSync(path, { recursive: true, force: true })
  }
  const dir = mkdtempSync(join(root, `pid-${process.pid}-`))
  ours.add(dir)
  return dir
}
