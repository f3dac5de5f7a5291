import type { Middleware } from 'koa'
import type { Db } from 'mongodb'
import type { Logger } from 'pino'
import { createIdempotencyRepository } from '../data/idempotency-repository.ts'
import { startIdempotencySweep } from './idempotency-sweep.ts'
import type { IdempotencySweep } from './idempotency-sweep.ts'
import { createIdempotentRequests } from './idempotent-requests.ts'
import { idempotentWrites } from './idempotent-writes.ts'

export interface IdempotencyOptions {
  db: Db
  logger: Logger
  /** A running claim older than this is abandoned (its request cannot still be under way). */
  abandonAfterMs: number
  sweepIntervalMs: number
  now?: () => Date
}

export interface Idempotency {
  /** Goes in the API pipeline after the rate limit, before the read cache and the proxy. */
  middleware: Middleware
  /** Creates the indexes (for prepareMongo) and starts the sweep once they exist. */
  prepare(): Promise<void>
  stop(): Promise<void>
}

/** Idempotency keys on writes: the store in the gateway's database, the sweep, the middleware. */
export function createIdempotency(options: IdempotencyOptions): Idempotency {
  const now = options.now ?? (() => new Date())
  const repository = createIdempotencyRepository(options.db)
  let sweep: IdempotencySweep | undefined
  let stopped = false
  return {
    middleware: idempotentWrites({
      requests: createIdempotentRequests({
        repository,
        abandonAfterMs: options.abandonAfterMs,
        now,
        logger: options.logger,
      }),
      logger: options.logger,
    }),
    async prepare() {
      const { ttlIndex } = await repository.ensureIndexes()
      if (!ttlIndex)
        options.logger.info('no TTL index on this server; expired idempotency keys are swept')
      if (stopped || sweep) return
      sweep = startIdempotencySweep({
        sweep: repository.sweep,
        intervalMs: options.sweepIntervalMs,
        now,
        logger: options.logger,
      })
    },
    async stop() {
      stopped = true
      await sweep?.stop()
    },
  }
}
