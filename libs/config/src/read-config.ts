import process from 'node:process'
import { ConfigError } from './config-error.ts'
import type { EnvParser } from './env-parsers.ts'

export type ConfigSpec = Record<string, EnvParser<unknown>>
export type ConfigOf<S extends ConfigSpec> = { [K in keyof S]: ReturnType<S[K]> }

/** Reads every variable named in `spec`; throws one ConfigError listing all problems. */
export function readConfig<S extends ConfigSpec>(
  spec: S,
  env: Record<string, string | undefined> = process.env,
): ConfigOf<S> {
  const problems: string[] = []
  const config: Record<string, unknown> = {}
  for (const [name, parse] of Object.entries(spec)) {
    try {
      config[name] = parse(env[name], name)
    } catch (error) {
      problems.push((error as Error).message)
    }
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return config as ConfigOf<S>
}
