import { randomUUID } from 'node:crypto'
import { MongoClient } from 'mongodb'
import type { Db } from 'mongodb'
import type { PurgeBatchResult } from '@cms/website-data'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEnv, waitFor } from '@cms/testkit'
import { createPurgeLeases } from '../src/data/purge-leases.ts'
import { createPurgesRepository } from '../src/data/purges-repository.ts'
import type { PurgesRepository } from '../src/data/purges-repository.ts'
import { pendingSteps, PURGE_STEPS } from '../src/lifecycle/purge.ts'
import type { Purge } from '../src/lifecycle/purge.ts'
import { createPurgeRunner } from '../src/lifecycle/purge-runner.ts'
import type { PurgeRunner, PurgeStep } from '../src/lifecycle/purge-runner.ts'

let client: MongoClient
let db: Db
let purges: PurgesRepository
beforeAll(async () => {
  client = new MongoClient(testEnv().mongoUrl)
  db = client.db(`cms_gateway_runner_${randomUUID().slice(0, 8)}`)
  purges = createPurgesRepository(db)
  await purges.ensureIndexes()
  await createPurgeLeases(db).ensureIndexes()
})
afterAll(async () => {
  await db.dropDatabase()
  await client.close()
})

const silent = pino({ level: 'silent' })

function newPurge(overrides: Partial<Purge> = {}): Purge {
  const now = new Date()
  return {
    websiteId: randomUUID(),
    name: 'site',
    reason: 'deleted',
    state: 'running',
    requestedAt: now,
    notBefore: now,
    updatedAt: now,
    finishedAt: null,
    steps: pendingSteps(),
    ...overrides,
  }
}

/** Steps that each need `batches` calls per website, counting who made each call. */
function countingSteps(batches: number, calls: Map<string, number>, owner: string): PurgeStep[] {
  const done = new Map<string, number>()
  return PURGE_STEPS.map((name) => ({
    name,
    async batch(websiteId: string): Promise<PurgeBatchResult> {
      await new Promise((resolve) => setTimeout(resolve, 5))
      calls.set(owner, (calls.get(owner) ?? 0) + 1)
      const key = `${websiteId}:${name}`
      const made = (done.get(key) ?? 0) + 1
      done.set(key, made)
      return made >= batches
        ? { done: true, removed: {} }
        : { done: false, removed: { records: 10 } }
    },
  }))
}

function runner(
  owner: string,
  steps: PurgeStep[],
  websiteExists: (websiteId: string) => Promise<boolean> = async () => false,
) {
  return createPurgeRunner({
    purges,
    leases: createPurgeLeases(db),
    websiteExists,
    steps,
    batchSize: 10,
    pollMs: 20,
    retryMs: 20,
    owner,
    clock: () => new Date(),
    logger: silent,
  })
}

const finished = (websiteId: string) =>
  waitFor(
    async () => {
      const purge = await purges.find(websiteId)
      return purge?.state === 'done' ? purge : undefined
    },
    { timeoutMs: 20_000, what: 'the purge to finish' },
  )

describe('purge runner', () => {
  it('when two gateway instances run their runners, then one works each purge and the counts add up', async () => {
    const purge = newPurge()
    await purges.insert(purge)
    const calls = new Map<string, number>()
    const runners: PurgeRunner[] = ['a', 'b'].map((owner) =>
      runner(owner, countingSteps(5, calls, owner)),
    )
    for (const each of runners) each.start()
    try {
      const done = await finished(purge.websiteId)
      expect([...calls.values()].reduce((a, b) => a + b, 0)).toBe(PURGE_STEPS.length * 5)
      expect(calls.size).toBe(1)
      for (const step of PURGE_STEPS) {
        expect(done.steps[step]).toMatchObject({ state: 'done', batches: 5, lastError: null })
        expect(done.steps[step].removed).toEqual({ records: 40 })
      }
    } finally {
      await Promise.all(runners.map((each) => each.stop()))
    }
  })

  it('when a step fails, then its error is recorded and a later poll finishes the purge', async () => {
    const purge = newPurge()
    await purges.insert(purge)
    let failures = 2
    const steps = countingSteps(1, new Map(), 'c').map((step) =>
      step.name === 'schema'
        ? {
            ...step,
            async batch(websiteId: string, limit: number) {
              if (failures-- > 0) throw new Error('the schema service is unavailable')
              return step.batch(websiteId, limit)
            },
          }
        : step,
    )
    const errors: string[] = []
    const watch = setInterval(() => {
      void purges.find(purge.websiteId).then((found) => {
        const error = found?.steps.schema.lastError
        if (error) errors.push(error)
      })
    }, 5)
    const running = runner('c', steps)
    running.start()
    try {
      const done = await finished(purge.websiteId)
      expect(errors).toContain('the schema service is unavailable')
      expect(done.steps.schema).toMatchObject({ state: 'done', lastError: null })
    } finally {
      clearInterval(watch)
      await running.stop()
    }
  })

  it('when an import stopped renewing its hold, then its records are purged, unless its website exists (the import had finished)', async () => {
    const past = new Date(Date.now() - 1000)
    const dead = newPurge({ state: 'importing', reason: 'import-failed', heldUntil: past })
    const finishedImport = newPurge({ state: 'importing', heldUntil: past })
    const alive = newPurge({ state: 'importing', heldUntil: new Date(Date.now() + 60_000) })
    for (const purge of [dead, finishedImport, alive]) await purges.insert(purge)
    const running = runner(
      'd',
      countingSteps(1, new Map(), 'd'),
      async (id) => id === finishedImport.websiteId,
    )
    running.start()
    try {
      expect((await finished(dead.websiteId)).reason).toBe('import-abandoned')
      await waitFor(async () =>
        (await purges.find(finishedImport.websiteId)) === undefined ? true : undefined,
      )
      expect((await purges.find(alive.websiteId))?.state).toBe('importing')
    } finally {
      await running.stop()
    }
  })
})
