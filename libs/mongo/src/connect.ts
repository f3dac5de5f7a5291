import { MongoClient } from 'mongodb'
import type { Db } from 'mongodb'
import type { Logger } from 'pino'

export interface MongoConnection {
  client: MongoClient
  db: Db
  ping(): Promise<void>
  close(): Promise<void>
}

export interface MongoOptions {
  url: string
  dbName: string
  logger: Logger
  /** How long an operation waits for a reachable server before failing (then: 503). */
  serverSelectionTimeoutMs?: number
}

/** 20 connections unless the URL sets its own (the local FerretDB stack does for writers). */
export function poolSizeOption(url: string): { maxPoolSize?: number } {
  return /[?&]maxPoolSize=/i.test(url) ? {} : { maxPoolSize: 20 }
}

/**
 * A client that the driver keeps reconnecting on its own. Connecting does not wait for the
 * server, so a service can start (and report not ready) while MongoDB is still coming up.
 */
export function connectMongo(options: MongoOptions): MongoConnection {
  const client = new MongoClient(options.url, {
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMs ?? 3000,
    connectTimeoutMS: 3000,
    ...poolSizeOption(options.url),
    // FerretDB has no retryable writes or sessions worth retrying on; MongoDB tolerates this too.
    retryWrites: false,
  })
  client.on('serverHeartbeatFailed', () => options.logger.debug('mongodb heartbeat failed'))
  const db = client.db(options.dbName)
  return {
    client,
    db,
    async ping() {
      await db.command({ ping: 1 })
    },
    close: () => client.close(),
  }
}

/** Retries `ensure` (index creation, say) until MongoDB answers, for startup ordering. */
export async function whenMongoAnswers(
  connection: MongoConnection,
  ensure: () => Promise<void>,
  options: { logger: Logger; attempts?: number; delayMs?: number },
): Promise<void> {
  const attempts = options.attempts ?? 60
  for (let attempt = 1; ; attempt++) {
    try {
      await connection.ping()
      await ensure()
      return
    } catch (error) {
      if (attempt >= attempts) throw error
      options.logger.warn({ attempt, err: (error as Error).message }, 'mongodb not ready, retrying')
      await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 1000))
    }
  }
}
