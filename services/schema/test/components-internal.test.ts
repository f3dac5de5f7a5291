import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIELD_TYPES } from '@cms/contract'
import { internalClient, testEnv } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { listenToChangeEvents } from './support/change-events.ts'
import type { ChangeEventListener } from './support/change-events.ts'
import { websiteClient } from './support/schema-client.ts'

let events: ChangeEventListener

beforeAll(async () => {
  events = await listenToChangeEvents()
})
afterAll(async () => {
  await events?.close()
})

const SEO = {
  name: 'seo',
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'author', type: 'relation', target: 'person' },
  ],
}
const HERO = {
  name: 'hero',
  fields: [
    { name: 'heading', type: 'text' },
    { name: 'meta', type: 'component', component: 'seo', repeatable: true },
  ],
}
const LANDING = {
  name: 'landing',
  localized: true,
  fields: [
    { name: 'title', type: 'text' },
    { name: 'seo', type: 'component', component: 'seo' },
    { name: 'sections', type: 'blocks', components: ['hero', 'seo'] },
  ],
}

async function ok(admin: ApiCall, method: string, path: string, body?: unknown) {
  const answer = await admin(method, path, body === undefined ? {} : { body })
  expect(answer.status, answer.text).toBeLessThan(300)
  return answer
}

/** A website with a person type, the seo and hero components and a landing type using both. */
async function landingSite() {
  const site = websiteClient()
  await ok(site.admin, 'POST', '/api/content-types', { name: 'person' })
  await ok(site.admin, 'POST', '/api/components', SEO)
  await ok(site.admin, 'POST', '/api/components', HERO)
  await ok(site.admin, 'POST', '/api/content-types', LANDING)
  const internal = internalClient(testEnv().schemaUrl, {
    websiteId: site.websiteId,
    scope: 'admin',
  })
  return { ...site, internal }
}

const resolvedSeo = [
  { name: 'title', label: 'title', type: 'text', required: true },
  { name: 'author', label: 'author', type: 'relation', target: 'person', required: false },
]

describe('components as the content service reads them', () => {
  it('when the content service reads a type, then its component and blocks fields come resolved at every depth, while the public read answers the definition as written', async () => {
    const { internal, admin } = await landingSite()
    const read = await internal('GET', '/internal/content-types/landing')
    expect(read.status, read.text).toBe(200)
    const [, seo, sections] = read.body.type.fields
    expect(seo).toMatchObject({ component: 'seo', fields: resolvedSeo })
    expect(sections.blocks.map((block: { name: string }) => block.name)).toEqual(['hero', 'seo'])
    expect(sections.blocks[0].fields[1]).toMatchObject({
      name: 'meta',
      repeatable: true,
      fields: resolvedSeo,
    })
    expect(sections.blocks[1].fields).toMatchObject(resolvedSeo)

    const written = await admin('GET', '/api/content-types/landing')
    for (const field of written.body.fields) {
      expect(field).not.toHaveProperty('fields')
      expect(field).not.toHaveProperty('blocks')
    }
  })

  it('when the content service reads the field declarations, then nested fields are declared with their names, types, targets and many, from the index alone', async () => {
    const { internal } = await landingSite()
    const answer = await internal('GET', '/internal/field-declarations')
    expect(answer.status).toBe(200)
    const landing = answer.body.docs.find((doc: { name: string }) => doc.name === 'landing')
    const seoFields = [
      { name: 'title', type: 'text' },
      { name: 'author', type: 'relation', target: 'person', many: false },
    ]
    expect(landing.fields).toEqual([
      { name: 'title', type: 'text', localized: true },
      {
        name: 'seo',
        type: 'component',
        component: 'seo',
        repeatable: false,
        localized: true,
        fields: seoFields,
      },
      {
        name: 'sections',
        type: 'blocks',
        components: ['hero', 'seo'],
        localized: true,
        blocks: [
          {
            name: 'hero',
            fields: [
              { name: 'heading', type: 'text' },
              {
                name: 'meta',
                type: 'component',
                component: 'seo',
                repeatable: true,
                fields: seoFields,
              },
            ],
          },
          { name: 'seo', fields: seoFields },
        ],
      },
    ])
    expect(answer.body.docs.map((doc: { name: string }) => doc.name)).toEqual(['landing', 'person'])
  })

  it('when a component changes, then the types it is in are read anew (their ETag changes), the change is announced as a component change, and its relation targets hold their types', async () => {
    const { internal, admin, websiteId } = await landingSite()
    const first = await internal('GET', '/internal/content-types/landing')
    const etag = first.headers.get('etag')!
    const unchanged = await internal('GET', '/internal/content-types/landing', {
      headers: { 'if-none-match': etag },
    })
    expect(unchanged.status).toBe(304)
    await ok(admin, 'PATCH', '/api/components/seo', {
      fields: [...SEO.fields, { name: 'keywords', type: 'tags' }],
    })
    const changed = await internal('GET', '/internal/content-types/landing', {
      headers: { 'if-none-match': etag },
    })
    expect(changed.status).toBe(200)
    expect(changed.body.type.fields[1].fields.map((f: { name: string }) => f.name)).toEqual([
      'title',
      'author',
      'keywords',
    ])
    const announced = await events.waitFor(websiteId, 5)
    expect(announced.filter((message) => message.component)).toEqual([
      expect.objectContaining({ name: 'seo', version: 1, component: true }),
      expect.objectContaining({ name: 'hero', version: 1, component: true }),
      expect.objectContaining({ name: 'seo', version: 2, component: true }),
    ])

    const refused = await admin('DELETE', '/api/content-types/person')
    expect(refused.status).toBe(409)
    expect(refused.body.error.details).toEqual([
      { path: 'seo.author', message: 'is a relation field of component seo targeting person' },
    ])
  })
})

describe('components: robustness', () => {
  const anyJson = fc.jsonValue({ maxDepth: 3 })
  const names = fc.constantFrom('seo', 'hero', 'missing', 'person', 'Not a name')
  const fieldLike = fc.record(
    {
      name: fc.oneof(fc.constantFrom('title', 'inner', '__proto__'), anyJson),
      type: fc.oneof(fc.constantFrom(...FIELD_TYPES), anyJson),
      component: fc.oneof(names, anyJson),
      components: fc.oneof(fc.array(fc.oneof(names, anyJson), { maxLength: 3 }), anyJson),
      repeatable: anyJson,
      min: anyJson,
      target: fc.oneof(names, anyJson),
    },
    { requiredKeys: [] },
  )
  const bodyLike = fc.oneof(
    anyJson,
    fc.record(
      {
        name: fc.oneof(fc.constantFrom('seo', 'hero', 'card', 'person'), anyJson),
        slugField: anyJson,
        fields: fc.oneof(fc.array(fieldLike, { maxLength: 4 }), anyJson),
      },
      { requiredKeys: [] },
    ),
  )

  it('when arbitrary JSON is sent as a component or a change of one, then the answer is 201, 200, 409 or 422, never 5xx', async () => {
    const { admin, internal } = await landingSite()
    await fc.assert(
      fc.asyncProperty(bodyLike, bodyLike, async (create, patch) => {
        const created = await admin('POST', '/api/components', { body: create })
        expect([201, 409, 422]).toContain(created.status)
        const patched = await admin('PATCH', '/api/components/hero', { body: patch })
        expect([200, 422]).toContain(patched.status)
        const typed = await admin('PATCH', '/api/content-types/landing', { body: patch })
        expect([200, 422]).toContain(typed.status)
      }),
      { numRuns: 120 },
    )
    // Whatever was accepted, the resolved reads still answer.
    for (const path of ['/internal/content-types/landing', '/internal/field-declarations'])
      expect((await internal('GET', path)).status, path).toBe(200)
  }, 180_000)
})
