import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GO_TOOLS, ensureGoTool, goToolPath } from '@cms/stack'
import { goTool } from './support/go-tool.ts'

/** A pid no process has: the first free one above this process's. */
function deadPid(): number {
  const child = spawnSync('true')
  return child.pid!
}

describe('the Go tools of the deployment checks', () => {
  let root: string
  beforeAll(async () => {
    // The run's own cache first: then Go's build cache is warm and the build below only links.
    await goTool('kustomize')
    root = mkdtempSync(join(tmpdir(), 'cms-go-tools-'))
  }, 30 * 60_000)
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it(
    'when the cache is empty, then the tool is built once at its pinned version, however many ask at once, even past a lock its killed builder left',
    async () => {
      mkdirSync(root, { recursive: true })
      writeFileSync(join(root, 'build.lock'), JSON.stringify({ pid: deadPid() }))
      const lines: string[] = []
      const log = (line: string) => lines.push(line)
      const [kustomize, again] = await Promise.all([
        ensureGoTool('kustomize', { root, log }),
        ensureGoTool('kustomize', { root, log }),
      ])
      expect(lines).toEqual([expect.stringMatching(/^building kustomize v5\.7\.1 with Go/)])
      expect(again).toBe(kustomize)
      expect(kustomize).toBe(join(root, 'kustomize-v5.7.1', 'kustomize'))
      expect(kustomize).toBe(goToolPath('kustomize', root))
      expect(execFileSync(kustomize, ['version'], { encoding: 'utf8' }).trim()).toBe(
        GO_TOOLS.kustomize.version,
      )
      expect(existsSync(join(root, 'build.lock'))).toBe(false)

      await ensureGoTool('kustomize', { root, log })
      expect(lines).toHaveLength(1)
    },
    30 * 60_000,
  )
})
