import { randomUUID } from 'node:crypto'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEnv } from '@cms/testkit'
import { createIdempotencyRepository } from '../src/data/idempotency-repository.ts'
import type { IdempotencyRepository } from '../src/data/idempotency-repository.ts'
import { recordIdOf } from '../src/idempotency/idempotency-record.ts'
import type { RunningRecord } from '../src/idempotency/idempotency-record.ts'

/**
 * The idempotency store against the shared server (FerretDB locally, MongoDB where given): the
 * races it must decide atomically on both, since FerretDB makes inserts atomic on a unique key
 * and conditional updates not (docs/ferretdb.md).
 */
let client: MongoClient
let repository: IdempotencyRepository
const dbName = `cms_test_idempotency_${Date.now()}`

beforeAll(async () => {
  client = new MongoClient(testEnv().mongoUrl)
  repository = createIdempotencyRepository(client.db(dbName))
  await repository.ensureIndexes()
})

afterAll(async () => {
  await client?.db(dbName).dropDatabase()
  await client?.close()
})

function running(key: string, startedAt = new Date()): RunningRecord {
  const websiteId = randomUUID()
  return {
    id: recordIdOf(websiteId, key),
    websiteId,
    key,
    method: 'POST',
    path: '/api/content',
    claimId: randomUUID(),
    state: 'running',
    startedAt,
    expiresAt: new Date(startedAt.getTime() + 60_000),
  }
}

describe('the idempotency store', () => {
  it('when 20 requests claim one key at once, then exactly one claim succeeds', async () => {
    const record = running('raced')
    const claims = await Promise.all(
      Array.from({ length: 20 }, () => repository.claim({ ...record, claimId: randomUUID() })),
    )
    expect(claims.filter(Boolean)).toHaveLength(1)
  })

  it('when 20 requests take one abandoned claim over at once, then exactly one does, and the record is its claim', async () => {
    const abandoned = running('abandoned', new Date(Date.now() - 3_600_000))
    expect(await repository.claim(abandoned)).toBe(true)
    const previous = (await repository.find(abandoned.id))!
    const contenders = Array.from({ length: 20 }, () => ({
      ...abandoned,
      claimId: randomUUID(),
      startedAt: new Date(),
    }))
    const won = await Promise.all(contenders.map((next) => repository.takeOver(previous, next)))
    expect(won.filter(Boolean)).toHaveLength(1)
    const winner = contenders[won.indexOf(true)]!
    expect((await repository.find(abandoned.id))!.claimId).toBe(winner.claimId)
  })

  it('when an answer is kept, then it reads back byte for byte with its headers and request digest', async () => {
    const record = running('kept')
    expect(await repository.claim(record)).toBe(true)
    const body = Buffer.from([0, 1, 2, 255, 0x7b, 0x7d])
    await repository.complete(record.id, {
      requestBody: { sha256: 'a'.repeat(64), bytes: 42 },
      answer: { status: 201, headers: { location: '/api/content/x', etag: '"1"' }, body },
      at: new Date(),
    })
    const found = (await repository.find(record.id))!
    expect(found.state).toBe('done')
    expect(found.requestBody).toEqual({ sha256: 'a'.repeat(64), bytes: 42 })
    expect(found.answer).toEqual({
      status: 201,
      headers: { location: '/api/content/x', etag: '"1"' },
      body,
    })
    await repository.release(record.id)
    expect(await repository.find(record.id)).toBeUndefined()
  })

  it('when the sweep runs, then it deletes every record that expired before now, in batches, and nothing else', async () => {
    const now = new Date()
    const expired = Array.from({ length: 620 }, (_, i) => ({
      ...running(`old-${i}`),
      expiresAt: new Date(now.getTime() - 1000 - i),
    }))
    const live = running('live')
    for (const record of [...expired, live]) await repository.claim(record)
    const removed = await repository.sweep(now)
    expect(removed).toBeGreaterThanOrEqual(620)
    expect(await repository.find(live.id)).toBeDefined()
    expect(await repository.find(expired[0]!.id)).toBeUndefined()
    expect(await repository.find(expired[619]!.id)).toBeUndefined()
  }, 120_000)
})
