import { execFileSync, spawnSync } from 'node:child_process'
import process from 'node:process'

export function which(command: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' })
  const path = found.stdout.trim()
  return found.status === 0 && path ? path : undefined
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0

let aptUpdated = false

/**
 * Makes `command` available, installing Debian `pkg` with apt-get when running as root.
 * Otherwise throws a message that says exactly what to install or set.
 */
export function ensureCommand(
  command: string,
  pkg: string,
  alternative: string,
  log: (line: string) => void,
): string {
  const existing = which(command)
  if (existing) return existing
  if (!isRoot() || !which('apt-get')) {
    throw new Error(
      `${command} is missing: install it (Debian: apt-get install ${pkg}) or set ${alternative}`,
    )
  }
  log(`installing ${pkg} with apt-get ...`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  if (!aptUpdated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env })
    aptUpdated = true
  }
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], {
    stdio: 'ignore',
    env,
  })
  const installed = which(command)
  if (!installed)
    throw new Error(`apt-get installed ${pkg} but ${command} is still missing; set ${alternative}`)
  return installed
}
