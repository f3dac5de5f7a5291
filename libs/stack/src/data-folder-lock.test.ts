import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import process from 'node:process'
import { afterEach, describe, expect, it } from 'vitest'
import { acquireDataFolderLock, LOCK_FILE_NAME, readLock } from './data-folder-lock.ts'

const folders: string[] = []
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cms-lock-'))
  folders.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('acquireDataFolderLock', () => {
  it('when the folder is free, then the lock names this process and is removed on release', () => {
    const dir = folder()
    const lock = acquireDataFolderLock(dir, 'http://127.0.0.1:8080')
    expect(readLock(lock.file)).toMatchObject({
      pid: process.pid,
      gatewayUrl: 'http://127.0.0.1:8080',
    })
    lock.update({ processes: [{ name: 'redis', pid: 42 }] })
    expect(readLock(lock.file)?.processes).toEqual([{ name: 'redis', pid: 42 }])
    lock.release()
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false)
  })

  it('when a running process holds the folder, then a second lock is refused naming its gateway and pid', () => {
    const dir = folder()
    const first = acquireDataFolderLock(dir, 'http://127.0.0.1:8080')
    expect(() => acquireDataFolderLock(dir, 'http://127.0.0.1:9090')).toThrow(
      `a stack already runs on ${dir}: gateway http://127.0.0.1:8080, pid ${process.pid}`,
    )
    expect(readLock(first.file)?.gatewayUrl).toBe('http://127.0.0.1:8080')
  })

  it('when the holder is gone, then the lock is taken over and the stale record returned', () => {
    const dir = folder()
    const gone = spawnSync(process.execPath, ['-e', '']).pid
    const stale = { pid: gone, gatewayUrl: 'http://127.0.0.1:1', startedAt: '', processes: [] }
    writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify(stale))
    const lock = acquireDataFolderLock(dir, 'http://127.0.0.1:8080')
    expect(lock.tookOver).toEqual(stale)
    expect(readLock(lock.file)?.pid).toBe(process.pid)
  })

  it('when the recorded pid now belongs to another process (different start time), then it counts as gone', () => {
    const dir = folder()
    const reused = {
      pid: process.pid,
      startTime: '1',
      gatewayUrl: 'x',
      startedAt: '',
      processes: [],
    }
    writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify(reused))
    const lock = acquireDataFolderLock(dir, 'http://127.0.0.1:8080')
    expect(lock.tookOver?.startTime).toBe('1')
  })
})
