import process from 'node:process'
import { env, exitOnStartupError, readConfig } from '@cms/config'
import { markProcessDraining } from './draining.ts'

export interface RunningService {
  stop(): Promise<void>
}

const shutdownSpec = {
  /**
   * How long the process keeps serving after SIGTERM with `/readyz` already at 503, before it
   * stops taking connections: time for a load balancer that polls readiness to take it out.
   * 0 (the default) stops at once; on Kubernetes a preStop sleep does the same job.
   */
  SHUTDOWN_DELAY_MS: env.integer({ default: 0, min: 0, max: 60_000 }),
}

/**
 * The process entry of a service: start it (a bad configuration ends the process with one
 * line), then stop it cleanly on SIGTERM or SIGINT: readiness fails at once, the service keeps
 * serving for SHUTDOWN_DELAY_MS, then stops taking work and finishes what is in flight. A second
 * signal exits at once.
 */
export async function runService(
  name: string,
  start: () => Promise<RunningService>,
): Promise<void> {
  const { SHUTDOWN_DELAY_MS: delayMs } = await exitOnStartupError(name, async () =>
    readConfig(shutdownSpec),
  )
  const service = await exitOnStartupError(name, start)
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) process.exit(1)
    stopping = true
    markProcessDraining()
    const when = delayMs > 0 ? `not ready now, shutting down in ${delayMs} ms` : 'shutting down'
    process.stderr.write(`${name}: ${signal} received, ${when}\n`)
    setTimeout(() => {
      service.stop().then(
        () => process.exit(0),
        (error) => {
          process.stderr.write(`${name}: error while shutting down: ${(error as Error).message}\n`)
          process.exit(1)
        },
      )
    }, delayMs)
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}
