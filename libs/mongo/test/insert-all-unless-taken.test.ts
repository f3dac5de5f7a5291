import { randomUUID } from 'node:crypto'
import { MongoClient } from 'mongodb'
import type { Collection } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEnv } from '@cms/testkit'
import { insertAllUnlessTaken } from '../src/claims.ts'

let client: MongoClient
let collection: Collection<{ _id: string; n: number }>

beforeAll(async () => {
  client = await MongoClient.connect(testEnv().mongoUrl)
  collection = client.db(`claims_${randomUUID().slice(0, 8)}`).collection('items')
})
afterAll(async () => {
  await collection?.db.dropDatabase()
  await client?.close()
})

const idsOf = (prefix: string, numbers: number[]) => numbers.map((n) => `${prefix}:${n}`)

describe('insertAllUnlessTaken on the real storage', () => {
  it('when some ids are taken, then the others are inserted and each is reported', async () => {
    const prefix = randomUUID()
    await collection.insertMany([
      { _id: `${prefix}:2`, n: -2 },
      { _id: `${prefix}:4`, n: -4 },
    ])
    const inserted = await insertAllUnlessTaken(
      collection,
      [1, 2, 3, 4, 5].map((n) => ({ _id: `${prefix}:${n}`, n })),
    )
    expect(inserted).toEqual([true, false, true, false, true])
    const stored = await collection
      .find({ _id: { $in: idsOf(prefix, [1, 2, 3, 4, 5]) } })
      .sort({ _id: 1 })
      .toArray()
    // The taken ones keep what they held.
    expect(stored.map((item) => item.n)).toEqual([1, -2, 3, -4, 5])
  })

  it('when nothing is taken, then everything is inserted', async () => {
    const prefix = randomUUID()
    const inserted = await insertAllUnlessTaken(
      collection,
      [1, 2, 3].map((n) => ({ _id: `${prefix}:${n}`, n })),
    )
    expect(inserted).toEqual([true, true, true])
    expect(await collection.countDocuments({ _id: { $in: idsOf(prefix, [1, 2, 3]) } })).toBe(3)
  })

  it('when given nothing, then nothing is sent', async () => {
    expect(await insertAllUnlessTaken(collection, [])).toEqual([])
  })
})
