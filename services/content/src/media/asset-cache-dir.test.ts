import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { freshCacheDir } from './asset-cache-dir.ts'

/** Above any pid Linux hands out (pid_max is at most 2^22). */
const DEAD_PID = 2 ** 22 + 1

describe('freshCacheDir', () => {
  const root = mkdtempSync(join(tmpdir(), 'asset-cache-dir-'))
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('when a cache starts, then it gets a new empty folder and the folders no running cache uses are removed', () => {
    const first = freshCacheDir(root)
    mkdirSync(join(root, `pid-${DEAD_PID}-abc`))
    mkdirSync(join(root, `pid-${process.pid}-old`))
    mkdirSync(join(root, 'not-ours'))
    const second = freshCacheDir(root)
    expect(second).not.toBe(first)
    expect(readdirSync(second)).toEqual([])
    expect(existsSync(first)).toBe(true)
    expect(readdirSync(root).sort()).toEqual(
      ['not-ours', first.slice(root.length + 1), second.slice(root.length + 1)].sort(),
    )
  })
})
