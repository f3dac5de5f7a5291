import { existsSync } from 'node:fs'
import { which } from './system-packages.ts'

/** Where Go's own installer puts it; not on every PATH (.ci/run adds it). */
const GO_INSTALL_PATH = '/usr/local/go/bin/go'

/** The `go` command, or undefined when Go is not installed. */
export function findGo(): string | undefined {
  return which('go') ?? (existsSync(GO_INSTALL_PATH) ? GO_INSTALL_PATH : undefined)
}
