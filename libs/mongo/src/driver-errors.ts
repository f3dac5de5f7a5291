import {
  MongoBulkWriteError,
  MongoClientClosedError,
  MongoDriverError,
  MongoExpiredSessionError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerClosedError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb'
import { ServiceUnavailableError } from '@cms/errors'
import type { AppError } from '@cms/errors'

/**
 * A unique-key violation. Inserts give 11000 on MongoDB and FerretDB; FerretDB reports an
 * update that breaks a unique index as code 1 with SQLite's text, so both count.
 */
export function isDuplicateKeyError(error: unknown): boolean {
  const candidate = error as { code?: unknown; message?: unknown }
  if (candidate?.code === 11000) return true
  return (
    candidate?.code === 1 &&
    typeof candidate.message === 'string' &&
    candidate.message.includes('UNIQUE constraint')
  )
}

/**
 * The refused writes of a bulk write (`insertMany`), by their index in it; empty when the error
 * does not say which (the server did not, or it is not a bulk write's error).
 */
export function writeErrorsOf(
  error: unknown,
): Array<{ index: number; code: number; errmsg?: string }> {
  return error instanceof MongoBulkWriteError ? [error.writeErrors].flat() : []
}

/**
 * Node's own socket errors. The driver lets one escape unwrapped when it writes a command on a
 * connection the server has just closed (`This socket has been ended by the other party`,
 * EPIPE), which a server stopping under load produces now and then.
 */
const SOCKET_ERROR_CODES = new Set(['EPIPE', 'ECONNRESET', 'ERR_STREAM_DESTROYED'])

function isSocketError(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code
  return error instanceof Error && typeof code === 'string' && SOCKET_ERROR_CODES.has(code)
}

/**
 * The client closed under an operation in flight, as the heartbeat watchdog does when it
 * reconnects a client whose monitor hung (heartbeat-watchdog.ts) while requests use it: the
 * operation on a connection gets `MongoClientClosedError`, one still waiting gets
 * `MongoExpiredSessionError` (its implicit session ended; the services start no sessions of
 * their own), and the driver may also name the server or the pool (whose class it does not
 * export) that closed.
 */
function isClosedUnderOperation(error: unknown): boolean {
  return (
    error instanceof MongoClientClosedError ||
    error instanceof MongoExpiredSessionError ||
    error instanceof MongoServerClosedError ||
    (error instanceof MongoDriverError && error.name === 'MongoPoolClosedError')
  )
}

export function isConnectivityError(error: unknown): boolean {
  return (
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNetworkError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoTopologyClosedError ||
    isClosedUnderOperation(error) ||
    isSocketError(error)
  )
}

/** For the HTTP error handler: MongoDB out of reach is 503, never 500. */
export function mongoErrorTranslator(error: unknown): AppError | undefined {
  return isConnectivityError(error)
    ? new ServiceUnavailableError('The database is unavailable', { cause: error })
    : undefined
}
