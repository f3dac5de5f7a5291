import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import process from 'node:process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from '@cms/stack'

const TSC = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
const CHECK = join(REPO_ROOT, 'libs', 'client', 'test', 'types-match-schemas.check.ts')

describe('types the client declares', () => {
  it('when tsc checks the client types against the schemas, then it reports nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cms-client-types-'))
    try {
      const config = join(dir, 'tsconfig.json')
      writeFileSync(
        config,
        JSON.stringify({
          extends: join(REPO_ROOT, 'tsconfig.base.json'),
          compilerOptions: { types: ['node'], typeRoots: [join(REPO_ROOT, 'node_modules/@types')] },
          files: [CHECK],
        }),
      )
      const run = promisify(execFile)(process.execPath, [TSC, '-p', config], {
        cwd: REPO_ROOT,
        timeout: 120_000,
      })
      const result = await run.then(
        () => ({ code: 0, output: '' }),
        (error: { code: number; stdout: string }) => ({ code: error.code, output: error.stdout }),
      )
      expect(result.output).toBe('')
      expect(result.code).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 150_000)
})
