import { Ajv } from 'ajv'
import { composeSchema } from './compose-schema.ts'
import { readYamlDocuments } from './kustomize.ts'
import { clone, isObject } from './strategic-merge.ts'
import type { Json, JsonObject } from './strategic-merge.ts'

/**
 * What `docker compose [-f a -f b] config` does that the checks need: YAML anchors and merge
 * keys, `${VAR}` interpolation with `:-`, `-`, `:?`, `?`, `:+`, `+` and `$$`, override files
 * merged onto the first, and validation against the schema.
 */
export class InterpolationError extends Error {}

const PLACEHOLDER = /\$\$|\$\{([^}]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g

function interpolateString(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
): string {
  return text.replace(
    PLACEHOLDER,
    (whole, braced: string | undefined, bare: string | undefined) => {
      if (whole === '$$') return '$'
      if (bare !== undefined) return env[bare] ?? ''
      const match = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([\s\S]*))?$/.exec(braced ?? '')
      if (!match) throw new InterpolationError(`invalid interpolation format: ${whole}`)
      const [, name, operator, argument = ''] = match
      const value = env[name!]
      const unsetOrEmpty = value === undefined || value === ''
      const missing = operator?.startsWith(':') ? unsetOrEmpty : value === undefined
      switch (operator) {
        case undefined:
          return value ?? ''
        case ':-':
        case '-':
          return missing ? interpolateString(argument, env) : value!
        case ':?':
        case '?':
          if (missing)
            throw new InterpolationError(
              `required variable ${name} is missing a value: ${argument}`,
            )
          return value!
        default:
          return missing ? '' : interpolateString(argument, env)
      }
    },
  )
}

export function interpolate(node: Json, env: Readonly<Record<string, string | undefined>>): Json {
  if (typeof node === 'string') return interpolateString(node, env)
  if (Array.isArray(node)) return node.map((item) => interpolate(item, env))
  if (isObject(node))
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolate(v, env)]))
  return node
}

const REPLACED_LISTS = new Set(['command', 'entrypoint', 'test'])

function mergeOverride(base: Json | undefined, override: Json, key: string): Json {
  if (isObject(override)) {
    const merged: JsonObject = isObject(base) ? clone(base) : {}
    for (const [k, v] of Object.entries(override)) merged[k] = mergeOverride(merged[k], v, k)
    return merged
  }
  if (Array.isArray(override) && base !== undefined && !REPLACED_LISTS.has(key)) {
    throw new Error(`merging the list "${key}" of an override file is not supported here`)
  }
  return clone(override)
}

export type ComposeService = JsonObject
export interface ComposeFile {
  services: Record<string, ComposeService>
  volumes?: Record<string, JsonObject | null>
  [key: string]: Json | undefined
}

function withoutExtensions(node: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(node).filter(([key]) => !key.startsWith('x-')))
}

/** A service with `profiles` runs only when one of them is active (`--profile`). */
function inProfiles(service: ComposeService, active: readonly string[]): boolean {
  const profiles = service.profiles
  return !Array.isArray(profiles) || profiles.some((name) => active.includes(String(name)))
}

/**
 * The effective configuration of the files, each path absolute, interpolated with `env`, with
 * the services of the `profiles` given (none by default, as `docker compose` without one).
 */
export function loadCompose(
  paths: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  profiles: readonly string[] = [],
): ComposeFile {
  let merged: Json = {}
  for (const path of paths) {
    const [document] = readYamlDocuments(path)
    if (!isObject(document)) throw new Error(`${path} is not a map`)
    merged = mergeOverride(merged, withoutExtensions(interpolate(document, env) as JsonObject), '')
  }
  const file = merged as unknown as ComposeFile
  const services = Object.entries(file.services ?? {}).filter(([, service]) =>
    inProfiles(service, profiles),
  )
  return { ...file, services: Object.fromEntries(services) }
}

export function schemaErrors(file: ComposeFile): string[] {
  const ajv = new Ajv({ allErrors: true, strict: false })
  const validate = ajv.compile(composeSchema)
  if (validate(file)) return []
  return (validate.errors ?? []).map(
    (error) => `${error.instancePath || '/'} ${error.message ?? ''}`,
  )
}

/** A service's environment as a map, whichever of the two forms the file uses. */
export function environmentOf(service: ComposeService): Record<string, string> {
  const environment = service.environment
  if (Array.isArray(environment)) {
    return Object.fromEntries(
      environment.map((entry) => {
        const [key, ...rest] = String(entry).split('=')
        return [key!, rest.join('=')]
      }),
    )
  }
  if (isObject(environment)) {
    return Object.fromEntries(
      Object.entries(environment).map(([k, v]) => [k, v === null ? '' : String(v)]),
    )
  }
  return {}
}

export function commandOf(service: ComposeService): string[] | undefined {
  const command = service.command
  if (command === undefined) return undefined
  if (Array.isArray(command)) return command.map(String)
  return String(command).split(/\s+/)
}
