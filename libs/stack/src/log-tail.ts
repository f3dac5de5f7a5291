import { closeSync, fstatSync, openSync, readSync } from 'node:fs'

/** The last `lines` lines of a log file (reading at most its last 64 KiB); [] when unreadable. */
export function logTail(file: string, lines: number): string[] {
  let fd: number | undefined
  try {
    fd = openSync(file, 'r')
    const size = fstatSync(fd).size
    const length = Math.min(size, 64 * 1024)
    const buffer = Buffer.alloc(length)
    readSync(fd, buffer, 0, length, size - length)
    const text = buffer.toString('utf8').trimEnd()
    return text ? text.split('\n').slice(-lines) : []
  } catch {
    return []
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}
