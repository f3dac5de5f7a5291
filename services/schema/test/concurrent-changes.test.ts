import { MongoClient } from 'mongodb'
import { describe, expect, it } from 'vitest'
import { testEnv } from '@cms/testkit'
import { websiteClient } from './support/schema-client.ts'

describe('concurrent changes', () => {
  it('when the same name is created many times at once, then exactly one wins and the rest are 409', async () => {
    const { admin } = websiteClient()
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        admin('POST', '/api/content-types', { body: { name: 'article', label: `L${index}` } }),
      ),
    )
    const statuses = results.map((result) => result.status).sort()
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409])
    const winner = results.find((result) => result.status === 201)!
    expect((await admin('GET', '/api/content-types/article')).body).toEqual(winner.body)
  })

  it('when a type is patched many times at once, then every patch gets its own version and none is lost', async () => {
    const { admin } = websiteClient()
    await admin('POST', '/api/content-types', { body: { name: 'article' } })
    const patches = 6
    const results = await Promise.all(
      Array.from({ length: patches }, (_, index) =>
        admin('PATCH', '/api/content-types/article', { body: { label: `label-${index}` } }),
      ),
    )
    const succeeded = results.filter((result) => result.status === 200)
    for (const result of results) expect([200, 409]).toContain(result.status)
    const versions = succeeded.map((result) => result.body.version as number)
    expect(new Set(versions).size).toBe(versions.length)
    const final = await admin('GET', '/api/content-types/article')
    expect(final.body.version).toBe(1 + succeeded.length)
    const last = succeeded.find((result) => result.body.version === final.body.version)
    expect(final.body.label).toBe(last?.body.label)
  })
})

describe('a change interrupted between its claim and its apply', () => {
  it('when the next change comes, then the claimed change is rolled forward first and nothing is lost', async () => {
    const { admin, websiteId } = websiteClient()
    const created = await admin('POST', '/api/content-types', {
      body: { name: 'article', icon: 'before' },
    })
    const interrupted = {
      ...created.body,
      icon: 'claimed',
      version: 2,
      updatedAt: new Date().toISOString(),
    }
    const client = new MongoClient(testEnv().mongoUrl)
    try {
      await client
        .db('cms_schema')
        .collection<{ _id: string } & Record<string, unknown>>('content_type_versions')
        .insertOne({
          _id: `${created.body.id}:2`,
          typeId: created.body.id,
          websiteId,
          version: 2,
          type: interrupted,
          claimedAt: interrupted.updatedAt,
        })
    } finally {
      await client.close()
    }
    const patched = await admin('PATCH', '/api/content-types/article', { body: { label: 'After' } })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({ version: 3, icon: 'claimed', label: 'After' })
    expect((await admin('GET', '/api/content-types/article')).body).toEqual(patched.body)
  })
})
