import { readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { REPO_ROOT, SERVICE_NAMES, entryFileOf, serviceCommand } from '@cms/stack'
import type { Runtime, ServiceName } from '@cms/stack'

/** Deno runs this file; Node the bundle built from it (libs/stack/src/service-bundles.ts). */
export { entryFileOf, REPO_ROOT, SERVICE_NAMES }
export type { Runtime, ServiceName }

export const repoPath = (...parts: string[]): string => join(REPO_ROOT, ...parts)
export const readRepoFile = (...parts: string[]): string => readFileSync(repoPath(...parts), 'utf8')

/** The workspace a service runs from: content-read and content-write are both `content`. */
export const packageOf = (service: ServiceName): string => entryFileOf(service).split('/')[1]!

/**
 * The command that the launcher of `npm start` and the tests (libs/stack) runs, as an image runs
 * it: the runtime by name from PATH instead of the launcher's absolute path.
 */
export function startCommand(service: ServiceName, runtime: Runtime): string[] {
  const { command, args } = serviceCommand(service, runtime)
  const program = basename(command)
  if (program !== runtime) throw new Error(`the launcher runs ${command} for ${runtime}`)
  return [program, ...args]
}
