import { MongoClient } from 'mongodb'
import type { Db, ReadPreferenceMode } from 'mongodb'
import process from 'node:process'
import type { Logger } from 'pino'
import { watchHeartbeats } from './heartbeat-watchdog.ts'
import { logQueryShapes } from './query-shape-log.ts'

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
  /** Where reads go (MONGO_READ_PREFERENCE of the content read pool); default `primary`. */
  readPreference?: ReadPreferenceMode
}

/** 20 connections unless the URL sets its own (the local FerretDB stack does for writers). */
export function poolSizeOption(url: string): { maxPoolSize?: number } {
  return /[?&]maxPoolSize=/i.test(url) ? {} : { maxPoolSize: 20 }
}

const CONNECT_TIMEOUT_MS = 3000
/** The driver's default, named for the heartbeat watchdog. */
const HEARTBEAT_FREQUENCY_MS = 10_000

/**
 * A client that the driver keeps reconnecting on its own. Connecting does not wait for the
 * server, so a service can start (and report not ready) while MongoDB is still coming up.
 */
export function connectMongo(options: MongoOptions): MongoConnection {
  const client = new MongoClient(options.url, {
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMs ?? 3000,
    connectTimeoutMS: CONNECT_TIMEOUT_MS,
    heartbeatFrequencyMS: HEARTBEAT_FREQUENCY_MS,
    ...poolSizeOption(options.url),
    // Retryable writes stay the driver's default (on); the local FerretDB stack turns them off
    // in its URL (`retryWrites=false`), since it has no replica set to retry against.
    ...(options.readPreference ? { readPreference: options.readPreference } : {}),
    monitorCommands: true,
  })
  // Diagnostics for the index-coverage test: every distinct query shape, appended to a file.
  const shapesDir = process.env.MONGO_QUERY_SHAPES_DIR
  if (shapesDir) logQueryShapes(client, shapesDir)
  client.on('serverHeartbeatFailed', () => options.logger.debug('mongodb heartbeat failed'))
  // A monitor that hangs in a heartbeat would leave the server Unknown for good (see there).
  const watchdog = watchHeartbeats(client, {
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
    heartbeatFrequencyMs: HEARTBEAT_FREQUENCY_MS,
    logger: options.logger,
  })
  const db = client.db(options.dbName)
  return {
    client,
    db,
    async ping() {
      await db.command({ ping: 1 })
    },
    async close() {
      watchdog.stop()
      await client.close()
    },
  }
}
