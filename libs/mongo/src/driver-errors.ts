import {
  MongoNetworkError,
  MongoNotConnectedError,
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

export function isConnectivityError(error: unknown): boolean {
  return (
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNetworkError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoTopologyClosedError
  )
}

/** For the HTTP error handler: MongoDB out of reach is 503, never 500. */
export function mongoErrorTranslator(error: unknown): AppError | undefined {
  return isConnectivityError(error)
    ? new ServiceUnavailableError('The database is unavailable', { cause: error })
    : undefined
}
