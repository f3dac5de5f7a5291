import { randomUUID } from 'node:crypto'
import { ConflictError, ValidationError } from '@cms/errors'
import { IDEMPOTENCY_RETENTION_MS } from '@cms/http'
import type { Logger } from 'pino'
import type { IdempotencyRepository } from '../data/idempotency-repository.ts'
import { recordIdOf } from './idempotency-record.ts'
import type {
  IdempotencyRecord,
  RequestBodyDigest,
  RunningRecord,
  StoredAnswer,
} from './idempotency-record.ts'

export interface KeyedRequest {
  websiteId: string
  key: string
  method: string
  /** Path and query string. */
  path: string
}

/** The request holds the key: run it, then `complete` with the answer or `release` the key. */
export interface HeldKey {
  complete(requestBody: RequestBodyDigest, answer: StoredAnswer): Promise<void>
  /** The key is free again, so a retry runs (the answer was a 5xx, or there was none). */
  release(): Promise<void>
}

export type Begun =
  | { kind: 'run'; held: HeldKey }
  /** A finished first request; the caller still compares the body before replaying it. */
  | { kind: 'replay'; record: IdempotencyRecord & { state: 'done' } }

export interface IdempotentRequests {
  begin(request: KeyedRequest): Promise<Begun>
}

export const keyReusedError = (): ValidationError =>
  ValidationError.single(
    'Idempotency-Key',
    'This Idempotency-Key was used for a different request (method, path or body); use a new key',
  )

const stillRunningError = (): ConflictError =>
  new ConflictError('A request with this Idempotency-Key is still being processed; retry shortly', {
    details: [{ path: 'Idempotency-Key', message: 'in progress' }],
  })

/** A running claim this old is abandoned; its holder stops writing to it a little earlier. */
const HOLDER_MARGIN_MS = 2000

/**
 * The key's life: the first request claims it by insert (atomic on MongoDB and FerretDB), so of
 * two concurrent first requests one runs and the other is told 409. A retry of a finished one is
 * replayed; a key used for something else is 422. A claim whose holder never finished (its
 * process died) is abandoned after `abandonAfterMs` and the next retry takes it over; so is an
 * expired record that the sweep has not removed yet.
 */
export function createIdempotentRequests(deps: {
  repository: Pick<IdempotencyRepository, 'claim' | 'find' | 'takeOver' | 'complete' | 'release'>
  abandonAfterMs: number
  now: () => Date
  logger: Pick<Logger, 'warn'>
}): IdempotentRequests {
  const { repository } = deps

  const runningRecord = (request: KeyedRequest, now: Date): RunningRecord => ({
    id: recordIdOf(request.websiteId, request.key),
    websiteId: request.websiteId,
    key: request.key,
    method: request.method,
    path: request.path,
    claimId: randomUUID(),
    state: 'running',
    startedAt: now,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS),
  })

  const held = (record: RunningRecord): HeldKey => {
    // Past this moment another request may have taken the claim over: leave the record alone.
    const holdsUntil = record.startedAt.getTime() + deps.abandonAfterMs - HOLDER_MARGIN_MS
    const stillHeld = () => {
      if (deps.now().getTime() < holdsUntil) return true
      deps.logger.warn({ record: record.id }, 'idempotent request outlived its claim; not recorded')
      return false
    }
    return {
      async complete(requestBody, answer) {
        if (stillHeld())
          await repository.complete(record.id, { requestBody, answer, at: deps.now() })
      },
      async release() {
        if (stillHeld()) await repository.release(record.id)
      },
    }
  }

  const isAbandoned = (record: IdempotencyRecord, now: Date) =>
    record.state === 'running' && now.getTime() - record.startedAt.getTime() >= deps.abandonAfterMs

  return {
    async begin(request) {
      // A record released or swept between the insert and the read is claimed again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const now = deps.now()
        const fresh = runningRecord(request, now)
        if (await repository.claim(fresh)) return { kind: 'run', held: held(fresh) }
        const found = await repository.find(fresh.id)
        if (!found) continue
        const expired = found.expiresAt.getTime() <= now.getTime()
        if (!expired && (found.method !== request.method || found.path !== request.path))
          throw keyReusedError()
        if (expired || isAbandoned(found, now)) {
          if (await repository.takeOver(found, fresh)) return { kind: 'run', held: held(fresh) }
          throw stillRunningError()
        }
        if (found.state === 'running') throw stillRunningError()
        return { kind: 'replay', record: found as IdempotencyRecord & { state: 'done' } }
      }
      throw stillRunningError()
    },
  }
}
