import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

function findRepoRoot(start: string): string {
  let dir = start
  while (dir !== dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'services'))) return dir
    dir = dirname(dir)
  }
  throw new Error(`cannot find the repository root above ${start}`)
}

export const REPO_ROOT = findRepoRoot(dirname(fileURLToPath(import.meta.url)))
/** Everything a run writes (databases, logs) lives below this ignored folder. */
export const DATA_ROOT = resolve(REPO_ROOT, '.data')
/** Built tools (FerretDB) are kept here between runs. */
export const CACHE_ROOT = resolve(REPO_ROOT, '.cache')
