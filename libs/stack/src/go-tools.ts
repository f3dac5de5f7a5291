import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import process from 'node:process'
import { promisify } from 'node:util'
import { withBuildLock } from './build-lock.ts'
import { findGo } from './go-command.ts'
import { CACHE_ROOT, REPO_ROOT } from './paths.ts'

/** The command-line tools the deployment checks run, each at a pinned version. */
export const GO_TOOLS = {
  kustomize: {
    module: 'sigs.k8s.io/kustomize/kustomize/v5',
    version: 'v5.7.1',
    binary: 'kustomize',
  },
  // The standalone Docker Compose CLI (`docker compose` without Docker); Go names it `cmd`.
  compose: { module: 'github.com/docker/compose/v2/cmd', version: 'v2.29.7', binary: 'cmd' },
} as const

export type GoToolName = keyof typeof GO_TOOLS

export interface GoToolOptions {
  log: (line: string) => void
  /** Where the binaries are kept, one folder per tool and version; `.cache/go-tools` by default. */
  root?: string
}

const DEFAULT_ROOT = join(CACHE_ROOT, 'go-tools')

export function goToolPath(name: GoToolName, root = DEFAULT_ROOT): string {
  const { version, binary } = GO_TOOLS[name]
  return join(root, `${name}-${version}`, binary)
}

async function goInstall(name: GoToolName, folder: string, log: (line: string) => void) {
  const go = findGo()
  if (!go) throw new Error(`${name} is missing: install Go >= 1.24 so it can be built`)
  const { module, version } = GO_TOOLS[name]
  log(`building ${name} ${version} with Go (once; cached in ${relative(REPO_ROOT, folder)}) ...`)
  // Installed aside and then renamed, so a killed build never leaves a binary that looks done.
  const staging = `${folder}.partial-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  const env = {
    ...process.env,
    PATH: `${process.env.PATH ?? ''}:${dirname(go)}`,
    GOBIN: staging,
    GOFLAGS: '',
    GOWORK: 'off',
  }
  try {
    await promisify(execFile)(go, ['install', `${module}@${version}`], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    })
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? ''
    throw new Error(`go install ${module}@${version} failed: ${stderr.trim().slice(-2000)}`, {
      cause: error,
    })
  }
  rmSync(folder, { recursive: true, force: true })
  renameSync(staging, folder)
}

/**
 * The path of the tool's binary, built with `go install` the first time. Processes sharing the
 * cache build under one lock, so a test run builds each tool once however many workers ask.
 */
export async function ensureGoTool(name: GoToolName, options: GoToolOptions): Promise<string> {
  const root = options.root ?? DEFAULT_ROOT
  const binary = goToolPath(name, root)
  if (existsSync(binary)) return binary
  mkdirSync(root, { recursive: true })
  return withBuildLock(join(root, 'build.lock'), async () => {
    if (!existsSync(binary)) await goInstall(name, dirname(binary), options.log)
    return binary
  })
}
