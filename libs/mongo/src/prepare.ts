import type { Logger } from 'pino'
import type { MongoConnection } from './connect.ts'

export interface MongoPreparation {
  /** Readiness: MongoDB answers and the preparation (indexes, say) has run. */
  check(): Promise<void>
  stop(): Promise<void>
}

/**
 * Runs `prepare` once MongoDB answers, retrying every second in the background, so a service
 * starts (and reports not ready) while MongoDB is still coming up.
 */
export function prepareMongo(
  connection: MongoConnection,
  prepare: () => Promise<void>,
  logger: Pick<Logger, 'warn'>,
): MongoPreparation {
  let done = false
  let stopped = false
  let wake: (() => void) | undefined
  const running = (async () => {
    while (!stopped && !done) {
      try {
        await prepare()
        done = true
      } catch (error) {
        logger.warn({ err: (error as Error).message }, 'preparing MongoDB failed; retrying')
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 1000)
          wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
      }
    }
  })()
  return {
    async check() {
      await connection.ping()
      if (!done) throw new Error('indexes not created yet')
    },
    async stop() {
      stopped = true
      wake?.()
      await running
    },
  }
}
