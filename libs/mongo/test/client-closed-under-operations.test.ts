import { randomUUID } from 'node:crypto'
import { MongoClient } from 'mongodb'
import { describe, expect, it } from 'vitest'
import { ServiceUnavailableError } from '@cms/errors'
import { testEnv } from '@cms/testkit'
import { mongoErrorTranslator } from '../src/driver-errors.ts'

/** What operations get when their client is closed under them, as the heartbeat watchdog does. */
async function errorsOfOperationsCutByClose(): Promise<Error[]> {
  const client = await MongoClient.connect(testEnv().mongoUrl, { maxPoolSize: 1 })
  const collection = client.db(`closed_${randomUUID().slice(0, 8)}`).collection('items')
  await collection.insertOne({ n: 1 })
  const operations: Array<Promise<unknown>> = []
  for (let i = 0; i < 10; i++)
    operations.push(
      collection.findOne({ n: 1 }),
      collection.insertOne({ n: i }),
      collection.updateOne({ n: 1 }, { $set: { m: i } }),
      collection.find({}).toArray(),
    )
  // Closed before any is sent: each still waits for the pool's only connection. (One already
  // on the connection gets MongoClientClosedError, whose unit test is beside the translator:
  // mongodb 7.8 also leaves an unhandled rejection of it behind, which would fail this file.)
  await client.close()
  const settled = await Promise.allSettled(operations)
  await MongoClient.connect(testEnv().mongoUrl).then(async (cleanup) => {
    await cleanup.db(collection.dbName).dropDatabase()
    await cleanup.close()
  })
  return settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []))
}

describe('driver errors on the real storage', () => {
  it('when the client is closed under operations in flight, then each of their errors is a 503, not a 500', async () => {
    const errors = await errorsOfOperationsCutByClose()
    expect(errors.length).toBeGreaterThan(0)
    const names = [...new Set(errors.map((error) => error.name))]
    expect(
      names.some((name) => name !== 'MongoTopologyClosedError'),
      names.join(),
    ).toBe(true)
    for (const error of errors)
      expect(mongoErrorTranslator(error), `${error.name}: ${error.message}`).toBeInstanceOf(
        ServiceUnavailableError,
      )
  })
})
