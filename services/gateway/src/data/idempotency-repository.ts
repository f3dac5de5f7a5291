import { Binary, MongoServerError } from 'mongodb'
import type { Collection, Db } from 'mongodb'
import { insertUnlessTaken } from '@cms/mongo'
import type {
  IdempotencyRecord,
  RequestBodyDigest,
  RunningRecord,
  StoredAnswer,
} from '../idempotency/idempotency-record.ts'

/** The record as stored: `_id` for `id`, the answer's body as BSON binary. */
type RecordDocument = Omit<IdempotencyRecord, 'id' | 'answer'> & {
  _id: string
  answer?: Omit<StoredAnswer, 'body'> & { body: Binary | null }
  completedAt?: Date
}

/** What the expiry index and the sweep see of either collection. */
interface Expiring {
  _id: string
  expiresAt: Date
}

/**
 * One per replaced claim: `<record id>/<claim id>`, so only one request takes a record over;
 * `websiteId` lets a website's purge find its markers.
 */
type TakeoverDocument = Expiring & { websiteId: string }

const RECORDS = 'idempotency_keys'
const TAKEOVERS = 'idempotency_takeovers'

export interface IdempotencyRepository {
  /** Creates the indexes; true when the server expires records itself (a TTL index). */
  ensureIndexes(): Promise<{ ttlIndex: boolean }>
  /** Inserts the record unless its key is taken in the website: false when it is. */
  claim(record: RunningRecord): Promise<boolean>
  find(id: string): Promise<IdempotencyRecord | undefined>
  /**
   * Replaces `previous` (expired or abandoned) with `next`; false when another request took
   * it over first. Decided by inserting a marker for `previous`'s claim, which only one
   * request can do, since a conditional update is not atomic on FerretDB.
   */
  takeOver(previous: IdempotencyRecord, next: RunningRecord): Promise<boolean>
  complete(
    id: string,
    done: { requestBody: RequestBodyDigest; answer: StoredAnswer; at: Date },
  ): Promise<void>
  release(id: string): Promise<void>
  /** Deletes records and takeover markers that expired before `now`; gives how many. */
  sweep(now: Date): Promise<number>
}

const SWEEP_BATCH = 500

function toRecord(doc: RecordDocument): IdempotencyRecord {
  return {
    id: doc._id,
    websiteId: doc.websiteId,
    key: doc.key,
    method: doc.method,
    path: doc.path,
    claimId: doc.claimId,
    state: doc.state,
    startedAt: doc.startedAt,
    expiresAt: doc.expiresAt,
    ...(doc.requestBody && {
      requestBody: {
        sha256: doc.requestBody.sha256,
        bytes: doc.requestBody.bytes,
        ...(doc.requestBody.form && { form: true }),
      },
    }),
    ...(doc.answer && {
      answer: {
        status: doc.answer.status,
        headers: doc.answer.headers,
        ...(doc.answer.body && { body: Buffer.from(doc.answer.body.value()) }),
      },
    }),
  }
}

function toDocument(record: RunningRecord): RecordDocument {
  const { id, ...rest } = record
  return { _id: id, ...rest }
}

/**
 * A TTL index where the server has them (MongoDB); FerretDB refuses the option (code 238,
 * docs/ferretdb.md), and then a plain index serves the sweep's query instead.
 */
async function createExpiryIndex(collection: Collection<Expiring>): Promise<boolean> {
  try {
    await collection.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 })
    return true
  } catch (error) {
    if (!(error instanceof MongoServerError)) throw error
    await collection.createIndex({ expiresAt: 1 })
    return false
  }
}

/** Oldest first, by the expiry index, in batches; the delete checks the expiry again. */
async function sweepCollection(collection: Collection<Expiring>, now: Date): Promise<number> {
  let removed = 0
  for (;;) {
    const expired = await collection
      .find({ expiresAt: { $lt: now } }, { projection: { _id: 1 } })
      .sort({ expiresAt: 1 })
      .limit(SWEEP_BATCH)
      .toArray()
    if (expired.length === 0) return removed
    const result = await collection.deleteMany({
      _id: { $in: expired.map((doc) => doc._id) },
      expiresAt: { $lt: now },
    })
    removed += result.deletedCount
    if (expired.length < SWEEP_BATCH) return removed
  }
}

/**
 * The gateway's `idempotency_keys` and `idempotency_takeovers` collections. Every call on a
 * request's path is an `_id`-only command (the fast path on FerretDB as well as MongoDB).
 */
export function createIdempotencyRepository(db: Db): IdempotencyRepository {
  const records = db.collection<RecordDocument>(RECORDS)
  const takeovers = db.collection<TakeoverDocument>(TAKEOVERS)
  const expiring = (name: string) => db.collection<Expiring>(name)
  return {
    async ensureIndexes() {
      await records.createIndex({ websiteId: 1, key: 1 }, { unique: true })
      await takeovers.createIndex({ websiteId: 1 })
      const recordsExpire = await createExpiryIndex(expiring(RECORDS))
      const markersExpire = await createExpiryIndex(expiring(TAKEOVERS))
      return { ttlIndex: recordsExpire && markersExpire }
    },
    claim: (record) => insertUnlessTaken(records, toDocument(record)),
    async find(id) {
      const doc = await records.findOne({ _id: id })
      return doc ? toRecord(doc) : undefined
    },
    async takeOver(previous, next) {
      const marker = {
        _id: `${previous.id}/${previous.claimId}`,
        websiteId: next.websiteId,
        expiresAt: next.expiresAt,
      }
      if (!(await insertUnlessTaken(takeovers, marker))) return false
      // Upserted: the sweep may have removed the expired record in the meantime.
      await records.replaceOne({ _id: next.id }, toDocument(next), { upsert: true })
      return true
    },
    async complete(id, done) {
      await records.updateOne(
        { _id: id },
        {
          $set: {
            state: 'done',
            requestBody: done.requestBody,
            answer: {
              status: done.answer.status,
              headers: done.answer.headers,
              body: done.answer.body ? new Binary(done.answer.body) : null,
            },
            completedAt: done.at,
          },
        },
      )
    },
    async release(id) {
      await records.deleteOne({ _id: id })
    },
    async sweep(now) {
      const removed = await sweepCollection(expiring(RECORDS), now)
      return removed + (await sweepCollection(expiring(TAKEOVERS), now))
    },
  }
}
