import process from 'node:process'
import { ConfigError } from './config-error.ts'

/** A startup problem the operator can fix: printed as one line, no stack trace. */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'StartupError'
  }
}

/**
 * Runs a service's start function; a configuration or startup problem ends the process with
 * one clear line on stderr and exit code 1.
 */
export async function exitOnStartupError<T>(service: string, start: () => Promise<T>): Promise<T> {
  try {
    return await start()
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof StartupError
    const reason = known
      ? (error as Error).message
      : `unexpected error: ${String((error as Error)?.message ?? error)}`
    process.stderr.write(`${service}: cannot start: ${reason}\n`)
    process.exit(1)
  }
}
