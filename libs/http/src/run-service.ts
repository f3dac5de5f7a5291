import process from 'node:process'
import { exitOnStartupError } from '@cms/config'

export interface RunningService {
  stop(): Promise<void>
}

/**
 * The process entry of a service: start it (a bad configuration ends the process with one
 * line), then stop it cleanly on SIGTERM or SIGINT. A second signal exits at once.
 */
export async function runService(name: string, start: () => Promise<RunningService>): Promise<void> {
  const service = await exitOnStartupError(name, start)
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) process.exit(1)
    stopping = true
    process.stderr.write(`${name}: ${signal} received, shutting down\n`)
    service.stop().then(
      () => process.exit(0),
      (error) => {
        process.stderr.write(`${name}: error while shutting down: ${(error as Error).message}\n`)
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}
