import { randomUUID } from 'node:crypto'
import { MongoClient } from 'mongodb'
import type { Collection } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEnv } from '@cms/testkit'
import { groupedInsertUnlessTaken } from '../src/claims.ts'

let client: MongoClient
let collection: Collection<{ _id: string; n: number }>
let inserts = 0

beforeAll(async () => {
  client = await MongoClient.connect(testEnv().mongoUrl, { monitorCommands: true })
  client.on('commandStarted', (event) => {
    if (event.commandName === 'insert') inserts++
  })
  collection = client.db(`grouped_${randomUUID().slice(0, 8)}`).collection('items')
})
afterAll(async () => {
  await collection?.db.dropDatabase()
  await client?.close()
})

describe('groupedInsertUnlessTaken on the real storage', () => {
  it('when 30 inserts arrive at once and some ids are taken, then each is told its own outcome and they share few commands', async () => {
    const prefix = randomUUID()
    await collection.insertMany([3, 7, 11].map((n) => ({ _id: `${prefix}:${n}`, n: -n })))
    const insert = groupedInsertUnlessTaken(collection)
    inserts = 0
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, n) => insert({ _id: `${prefix}:${n}`, n })),
    )
    expect(outcomes).toEqual(Array.from({ length: 30 }, (_, n) => ![3, 7, 11].includes(n)))
    expect(inserts).toBeLessThanOrEqual(2)
    const stored = await collection.find({ _id: { $regex: `^${prefix}:` } }).toArray()
    expect(stored).toHaveLength(30)
    expect(stored.find((item) => item._id === `${prefix}:7`)?.n).toBe(-7)
  })
})
