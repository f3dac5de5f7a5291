import process from 'node:process'
import { tmpdir } from 'node:os'
import { goTool, runTool } from './go-tool.ts'
import { isObject } from './json.ts'
import type { Json, JsonObject } from './json.ts'
import { REPO_ROOT } from './repo.ts'

export type ComposeService = JsonObject
export interface ComposeFile {
  services: Record<string, ComposeService>
  volumes?: Record<string, JsonObject | null>
  [key: string]: Json | undefined
}

const COMPOSE = await goTool('compose')

/**
 * `docker compose -f a [-f b] [--profile p] config`: the files interpolated with exactly `env`
 * (neither this process's environment nor a developer's .env), merged, validated against the
 * Compose Specification and normalised, with the services of the `profiles` given (none by
 * default, as `docker compose` without one). Compose refusing them throws a ToolError.
 */
export function loadCompose(
  paths: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  profiles: readonly string[] = [],
): ComposeFile {
  const variables = Object.entries(env).filter((entry): entry is [string, string] => {
    return entry[1] !== undefined
  })
  const args = [
    '--env-file',
    '/dev/null',
    ...paths.flatMap((path) => ['-f', path]),
    ...profiles.flatMap((profile) => ['--profile', profile]),
    'config',
    '--format',
    'json',
  ]
  const output = runTool(COMPOSE, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: tmpdir(),
      ...Object.fromEntries(variables),
    },
  })
  return JSON.parse(output) as ComposeFile
}

/** A service's environment (compose prints it as a map; a variable without value is null). */
export function environmentOf(service: ComposeService): Record<string, string> {
  const environment = isObject(service.environment) ? service.environment : {}
  return Object.fromEntries(
    Object.entries(environment).map(([k, v]) => [k, v === null ? '' : String(v)]),
  )
}

export function commandOf(service: ComposeService): string[] | undefined {
  const command = service.command
  if (command === undefined || command === null) return undefined
  if (Array.isArray(command)) return command.map(String)
  return String(command).split(/\s+/)
}
