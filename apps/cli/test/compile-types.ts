import { execFile } from 'node:child_process'
import process from 'node:process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { REPO_ROOT } from '@cms/stack'

const TSC = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc')

/**
 * `tsc` (strict, exact optional members) over `source`, written as `file` in `dir` beside the
 * declarations `cms types` wrote there: its exit code and its diagnostics.
 */
export async function compileBeside(
  dir: string,
  file: string,
  source: string,
): Promise<{ code: number; output: string }> {
  writeFileSync(join(dir, file), source)
  const config = join(dir, `tsconfig.${file}.json`)
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: {
        noEmit: true,
        strict: true,
        exactOptionalPropertyTypes: true,
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        allowImportingTsExtensions: true,
        types: [],
      },
      files: [file],
    }),
  )
  const args = [TSC, '-p', config]
  return promisify(execFile)(process.execPath, args, { cwd: dir, timeout: 120_000 }).then(
    () => ({ code: 0, output: '' }),
    (error: { code: number; stdout: string }) => ({ code: error.code, output: error.stdout }),
  )
}

/** The lines of `source` that tsc reported errors on. */
export const errorLines = (output: string): Array<string | undefined> =>
  output
    .split('\n')
    .filter((line) => line.includes('error TS'))
    .map((line) => line.match(/\((\d+),\d+\)/)?.[1])
