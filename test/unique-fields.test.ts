import { createHash, randomUUID } from 'node:crypto'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, testEnv } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { defineType, expectStatus } from './content-fixtures.ts'

/** `unique` fields through the gateway: claims per website, type and locale (docs/schema.md). */
let site: TestWebsite
let mongo: MongoClient
const RACERS = 20

const MEMBER_TYPE = {
  name: 'member',
  titleField: 'handle',
  localized: true,
  fields: [
    { name: 'handle', type: 'text', unique: true, localized: false },
    { name: 'nickname', type: 'text', unique: true },
    { name: 'email', type: 'email', unique: true, localized: false },
    { name: 'badge', type: 'integer', unique: true, localized: false },
    { name: 'score', type: 'number', unique: true, localized: false },
    { name: 'site', type: 'url', unique: true, localized: false },
    { name: 'note', type: 'text', localized: false },
  ],
}

beforeAll(async () => {
  site = await createTestWebsite()
  mongo = await MongoClient.connect(testEnv().mongoUrl)
  await expectStatus(
    site.api('PUT', '/api/locales', {
      body: {
        locales: [
          { code: 'en', default: true },
          { code: 'fr', fallback: 'en' },
        ],
      },
    }),
    200,
  )
  await defineType(site.api, MEMBER_TYPE)
})
afterAll(async () => {
  await mongo?.close()
})

const create = (data: Record<string, unknown>, locale?: string) =>
  site.api('POST', `/api/content${locale ? `?locale=${locale}` : ''}`, {
    body: { type: 'member', data },
  })
const created = async (data: Record<string, unknown>, locale?: string) =>
  (await expectStatus(create(data, locale), 201)).body
const patch = (id: string, data: Record<string, unknown>, query = '') =>
  site.api('PATCH', `/api/content/${id}${query}`, { body: { data } })

/** The 422 of a value another document holds, at the field's path. */
function expectTaken(response: { status: number; body: any; text: string }, field: string) {
  expect(response.status, response.text).toBe(422)
  expect(response.body.error.code).toBe('VALIDATION_ERROR')
  expect(response.body.error.details).toContainEqual({
    path: `data.${field}`,
    message: expect.stringMatching(/^must be unique/),
  })
}

describe('unique values', () => {
  it('unique: concurrent writes cannot both win — when 20 creates race with the same value, then exactly one is 201 and the others 422 at data.handle', async () => {
    const responses = await Promise.all(
      Array.from({ length: RACERS }, () => create({ handle: 'racer' })),
    )
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    for (const response of responses.filter((each) => each.status !== 201))
      expectTaken(response, 'handle')
    const list = await expectStatus(
      site.api('GET', '/api/content?type=member&draft=true&filters[handle][$eq]=racer'),
      200,
    )
    expect(list.body.totalDocs).toBe(1)
  })

  it('unique: a taken value is 422 at its field — when an update sends a value another document holds, then 422 at data.handle and nothing changes', async () => {
    await created({ handle: 'taken-by-a' })
    const b = await created({ handle: 'b' })
    expectTaken(await patch(b.id, { handle: 'taken-by-a' }), 'handle')
    const read = await expectStatus(site.api('GET', `/api/content/${b.id}?draft=true`), 200)
    expect(read.body.data.handle).toBe('b')
    expect(read.body.version).toBe(1)
    // Its own value is no clash: a save keeps it.
    await expectStatus(patch(b.id, { handle: 'b', note: 'saved' }), 200)
    // A restore brings back a value only while it is free.
    await expectStatus(patch(b.id, { handle: 'b-renamed' }), 200)
    await created({ handle: 'b' })
    expectTaken(await site.api('POST', `/api/content/${b.id}/restore/1`), 'handle')
  })

  it('unique: a value is free again after a change or a delete — when the holder changes its value or is deleted, then another document may take it', async () => {
    const a = await created({ handle: 'moving' })
    await expectStatus(patch(a.id, { handle: 'moved' }), 200)
    await created({ handle: 'moving' })
    expectTaken(await create({ handle: 'moved' }), 'handle')
    await expectStatus(site.api('DELETE', `/api/content/${a.id}`), 204)
    await created({ handle: 'moved' })
    // A write refused for its slug gives back the values it claimed.
    const slugged = await created({ handle: 'slug-holder' })
    const refused = await site.api('POST', '/api/content', {
      body: { type: 'member', slug: slugged.slug, data: { handle: 'claimed-then-refused' } },
    })
    expect(refused.status).toBe(409)
    const patched = await site.api('PATCH', `/api/content/${slugged.id}`, {
      body: {
        slug: (await created({ handle: 'other-slug' })).slug,
        data: { handle: 'patch-refused' },
      },
    })
    expect(patched.status).toBe(409)
    await created({ handle: 'claimed-then-refused' })
    await created({ handle: 'patch-refused' })
  })

  it('unique: one value per website, type and locale — when a localized field holds a value in fr, then another document may hold it in en but not in fr', async () => {
    const a = await created({ handle: 'locale-a', nickname: 'Loup' }, 'fr')
    expectTaken(await create({ handle: 'locale-b', nickname: 'Loup' }, 'fr'), 'nickname')
    const b = await created({ handle: 'locale-b', nickname: 'Loup' })
    expectTaken(await patch(a.id, { nickname: 'Loup' }), 'nickname')
    // One document may hold its value in several locales; a value it moves away from is freed.
    await expectStatus(patch(a.id, { nickname: 'Wolf' }), 200)
    await expectStatus(patch(a.id, { nickname: 'Wolf' }, '?locale=fr'), 200)
    await expectStatus(patch(b.id, { nickname: 'Loup' }, '?locale=fr'), 200)
    expectTaken(await patch(b.id, { nickname: 'Wolf' }, '?locale=fr'), 'nickname')
    // Another website may hold every value.
    const other = await createTestWebsite()
    await defineType(other.api, MEMBER_TYPE)
    await expectStatus(
      other.api('POST', '/api/content', { body: { type: 'member', data: { handle: 'locale-a' } } }),
      201,
    )
  })

  it('unique: pending drafts hold their values — when a published document saves a value in its pending draft, then no other document may take it, and publishing frees the replaced live value', async () => {
    const a = await created({ handle: 'live-value' })
    await expectStatus(site.api('POST', `/api/content/${a.id}/publish`), 200)
    await expectStatus(patch(a.id, { handle: 'draft-value' }, '?draft=true'), 200)
    expectTaken(await create({ handle: 'draft-value' }), 'handle')
    expectTaken(await create({ handle: 'live-value' }), 'handle')
    await expectStatus(site.api('POST', `/api/content/${a.id}/publish`), 200)
    await created({ handle: 'live-value' })
    expectTaken(await create({ handle: 'draft-value' }), 'handle')
    // A discarded draft gives its value back.
    await expectStatus(patch(a.id, { handle: 'discarded' }, '?draft=true'), 200)
    await expectStatus(site.api('DELETE', `/api/content/${a.id}/draft`), 200)
    await created({ handle: 'discarded' })
  })

  it('unique: number, integer, email and url fields too — when a second document sends the same number, integer, e-mail or URL, then each is 422 at its path', async () => {
    const values = { score: 2.5, badge: 7, email: 'ada@example.com', site: 'https://ada.example' }
    await created({ handle: 'kinds-a', ...values })
    const response = await create({ handle: 'kinds-b', ...values })
    for (const field of Object.keys(values)) expectTaken(response, field)
    // Nothing was kept of the refused create: each value alone is still taken, no more.
    await created({ handle: 'kinds-b', score: 3.5, badge: 8 })
    // Empty and absent values are never claimed.
    await created({ handle: 'kinds-c', email: undefined, nickname: '' })
    await created({ handle: 'kinds-d', nickname: '' })
  })

  it('unique: a crashed write does not hold a value forever — when a claim older than a minute names a document that does not hold the value, then a new document takes it over', async () => {
    const digest = createHash('sha256').update(JSON.stringify('orphan')).digest('base64url')
    const claim = { websiteId: site.websiteId, type: 'member', field: 'handle', digest }
    const claims = mongo.db('cms_content').collection('unique_values')
    await claims.insertOne({
      _id: JSON.stringify([site.websiteId, 'member', 'handle', null, digest]) as never,
      ...claim,
      documentId: randomUUID(),
      createdAt: new Date(Date.now() - 10 * 60_000),
    })
    await created({ handle: 'orphan' })
    const fresh = createHash('sha256').update(JSON.stringify('in-flight')).digest('base64url')
    await claims.insertOne({
      _id: JSON.stringify([site.websiteId, 'member', 'handle', null, fresh]) as never,
      ...claim,
      digest: fresh,
      documentId: randomUUID(),
      createdAt: new Date(),
    })
    expectTaken(await create({ handle: 'in-flight' }), 'handle')
  })
})

describe('unique inside components', () => {
  it('unique: top level only — when a field inside a component says unique, then the component is refused at that field and nothing is stored', async () => {
    const own = await createTestWebsite()
    const refused = await expectStatus(
      own.api('POST', '/api/components', {
        body: {
          name: 'seo',
          fields: [
            { name: 'title', type: 'text' },
            { name: 'code', type: 'text', unique: true },
          ],
        },
      }),
      422,
    )
    expect(refused.body.error.details).toEqual([
      {
        path: 'fields[1].unique',
        message: expect.stringContaining("not allowed in a component's fields"),
      },
    ])
    await expectStatus(own.api('GET', '/api/components/seo'), 404)
    await expectStatus(
      own.api('POST', '/api/components', {
        body: { name: 'seo', fields: [{ name: 'code', type: 'text' }] },
      }),
      201,
    )
    const patched = await expectStatus(
      own.api('PATCH', '/api/components/seo', {
        body: { fields: [{ name: 'code', type: 'text', unique: true }] },
      }),
      422,
    )
    expect(patched.body.error.details[0].path).toBe('fields[0].unique')
  })
})

describe('making a field unique', () => {
  it('unique: applies to writes after the type change — when documents already share a value, then the change is allowed, both stay, the first written keeps the value and the other cannot be saved with it', async () => {
    const own = await createTestWebsite()
    const plain = { name: 'tag', titleField: 'label', fields: [{ name: 'label', type: 'text' }] }
    await defineType(own.api, plain)
    const write = (data: Record<string, unknown>) =>
      own.api('POST', '/api/content', { body: { type: 'tag', data } })
    const first = (await expectStatus(write({ label: 'dup' }), 201)).body
    const second = (await expectStatus(write({ label: 'dup' }), 201)).body
    await expectStatus(
      own.api('PATCH', '/api/content-types/tag', {
        body: { fields: [{ name: 'label', type: 'text', unique: true }] },
      }),
      200,
    )
    await expectStatus(own.api('GET', `/api/content/${second.id}?draft=true`), 200)
    await expectStatus(own.api('PATCH', `/api/content/${first.id}`, { body: { data: {} } }), 200)
    expectTaken(
      await own.api('PATCH', `/api/content/${second.id}`, { body: { data: {} } }),
      'label',
    )
    await expectStatus(
      own.api('PATCH', `/api/content/${second.id}`, { body: { data: { label: 'dup-2' } } }),
      200,
    )
    expectTaken(await write({ label: 'dup' }), 'label')
  })
})
