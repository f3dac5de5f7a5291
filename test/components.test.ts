import { describe, expect, it } from 'vitest'
import { createCmsClient } from '@cms/client'
import { MAX_COMPONENT_DEPTH } from '@cms/contract'
import { adminClient, createTestWebsite, internalClient, testEnv } from '@cms/testkit'
import type { ApiCall, ApiResponse, TestWebsite } from '@cms/testkit'
import { expectStatus } from './content-fixtures.ts'

const SEO = {
  name: 'seo',
  label: 'SEO',
  description: 'What search engines show',
  icon: 'search',
  fields: [
    { name: 'title', type: 'text' as const, required: true, maxLength: 70 },
    { name: 'summary', type: 'textarea' as const },
  ],
}

const create = (api: ApiCall, path: string, body: Record<string, unknown>) =>
  expectStatus(api('POST', path, { body }), 201)
const component = (api: ApiCall, body: Record<string, unknown>) =>
  create(api, '/api/components', body)
const contentType = (api: ApiCall, body: Record<string, unknown>) =>
  create(api, '/api/content-types', body)
const detailsOf = (response: ApiResponse) => response.body.error?.details ?? []
const pathsOf = (response: ApiResponse) =>
  detailsOf(response).map((detail: { path: string }) => detail.path)

/** A chain of `length` components, `c1` holding `c2` ... holding `c<length>` (a leaf). */
async function chainOf(api: ApiCall, length: number, prefix = 'c'): Promise<void> {
  for (let level = length; level >= 1; level--) {
    const inner =
      level === length
        ? [{ name: 'text', type: 'text' }]
        : [{ name: 'inner', type: 'component', component: `${prefix}${level + 1}` }]
    await component(api, { name: `${prefix}${level}`, fields: inner })
  }
}

describe('components through the gateway', () => {
  it('components: create 201, patch 200, delete 204 — when a component is created, read, listed, changed and deleted, then each answers as a content type does, with its own members only', async () => {
    const site = await createTestWebsite()
    const created = await site.api('POST', '/api/components', { body: SEO })
    expect(created.status, created.text).toBe(201)
    expect(created.headers.get('location')).toBe('/api/components/seo')
    expect(created.body).toEqual({
      id: expect.any(String),
      ...SEO,
      fields: SEO.fields.map((field) => ({ label: field.name, required: false, ...field })),
      version: 1,
      createdAt: expect.any(String),
      updatedAt: created.body.createdAt,
    })
    await component(site.api, { name: 'address', fields: [{ name: 'city', type: 'text' }] })
    const read = await site.readApi('GET', '/api/components/seo')
    expect(read.body).toEqual(created.body)
    const etag = read.headers.get('etag')!
    const again = await site.readApi('GET', '/api/components/seo', {
      headers: { 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    const list = await site.readApi('GET', '/api/components')
    expect(list.status).toBe(200)
    expect(list.body.docs.map((doc: { name: string }) => doc.name)).toEqual(['address', 'seo'])

    const patched = await site.api('PATCH', '/api/components/seo', { body: { label: 'Search' } })
    expect(patched.status, patched.text).toBe(200)
    expect(patched.body).toMatchObject({ label: 'Search', version: 2, fields: created.body.fields })
    const changed = await site.readApi('GET', '/api/components/seo', {
      headers: { 'if-none-match': etag },
    })
    expect(changed.status).toBe(200)
    const typeOnly = await site.api('POST', '/api/components', {
      body: { name: 'card', slugField: 'title', localized: true },
    })
    expect(typeOnly.status).toBe(422)
    expect(pathsOf(typeOnly).sort()).toEqual(['localized', 'slugField'])

    expect((await site.api('DELETE', '/api/components/seo')).status).toBe(204)
    expect((await site.api('GET', '/api/components/seo')).status).toBe(404)
    expect((await site.api('GET', '/api/content-types')).body.docs).toEqual([])
  })

  it('components: one name space with content types — when a component takes a name a type has, or a type one a component has, then 409 and neither changes; the type list and the component list hold their own kind only', async () => {
    const site = await createTestWebsite()
    await contentType(site.api, { name: 'article', fields: [{ name: 'title', type: 'text' }] })
    await component(site.api, SEO)
    const asComponent = await site.api('POST', '/api/components', { body: { name: 'article' } })
    expect(asComponent.status).toBe(409)
    expect(asComponent.body.error.code).toBe('CONFLICT')
    expect(asComponent.body.error.message).toContain('content type')
    const asType = await site.api('POST', '/api/content-types', { body: { name: 'seo' } })
    expect(asType.status).toBe(409)
    expect(asType.body.error.message).toContain('component')
    expect((await site.api('GET', '/api/content-types/seo')).status).toBe(404)
    expect((await site.api('GET', '/api/components/article')).status).toBe(404)
    const names = async (path: string) =>
      (await site.api('GET', path)).body.docs.map((doc: { name: string }) => doc.name)
    expect(await names('/api/content-types')).toEqual(['article'])
    expect(await names('/api/components')).toEqual(['seo'])
    // Another website may use either name for either kind.
    const other = await createTestWebsite()
    await contentType(other.api, { name: 'seo' })
  })

  it('components: a field names a component of the website — when component and blocks fields of a type or a component name no component of the website, then one 422 names each fields[i].component and fields[i].components[j] beside the other problems, on create and on PATCH', async () => {
    const site = await createTestWebsite()
    await component(site.api, SEO)
    const other = await createTestWebsite()
    await component(other.api, { name: 'hero' })
    const fields = [
      { name: 'seo', type: 'component', component: 'seo' },
      { name: 'meta', type: 'component', component: 'meta' },
      { name: 'body', type: 'blob' },
      { name: 'sections', type: 'blocks', components: ['seo', 'hero', 'quote'] },
    ]
    const refused = await site.api('POST', '/api/content-types', {
      body: { name: 'landing', fields },
    })
    expect(refused.status).toBe(422)
    expect(refused.body.error.code).toBe('VALIDATION_ERROR')
    expect(pathsOf(refused)).toEqual([
      'fields[2].type',
      'fields[1].component',
      'fields[3].components[1]',
      'fields[3].components[2]',
    ])
    expect(detailsOf(refused)[1].message).toContain('meta')
    expect((await site.api('GET', '/api/content-types/landing')).status).toBe(404)

    const inComponent = await site.api('POST', '/api/components', {
      body: { name: 'page_meta', fields: [{ name: 'og', type: 'component', component: 'og' }] },
    })
    expect(inComponent.status).toBe(422)
    expect(pathsOf(inComponent)).toEqual(['fields[0].component'])

    await contentType(site.api, { name: 'landing', fields: [fields[0]] })
    const patch = await site.api('PATCH', '/api/content-types/landing', {
      body: { fields: [fields[0], fields[3]] },
    })
    expect(patch.status).toBe(422)
    expect(pathsOf(patch)).toEqual(['fields[1].components[1]', 'fields[1].components[2]'])
  })

  it('components: no cycles — when a component names itself, or a PATCH makes two components hold each other, then 422 names the field and the cycle, and nothing changes', async () => {
    const site = await createTestWebsite()
    const itself = await site.api('POST', '/api/components', {
      body: { name: 'node', fields: [{ name: 'children', type: 'blocks', components: ['node'] }] },
    })
    expect(itself.status).toBe(422)
    expect(detailsOf(itself)).toEqual([
      { path: 'fields[0].components[0]', message: expect.stringContaining('cycle') },
    ])
    await component(site.api, { name: 'b', fields: [{ name: 'text', type: 'text' }] })
    await component(site.api, {
      name: 'a',
      fields: [{ name: 'b', type: 'component', component: 'b' }],
    })
    const cycle = await site.api('PATCH', '/api/components/b', {
      body: { fields: [{ name: 'a', type: 'component', component: 'a', repeatable: true }] },
    })
    expect(cycle.status).toBe(422)
    expect(detailsOf(cycle)).toEqual([
      { path: 'fields[0].component', message: expect.stringMatching(/cycle: b > a > b/) },
    ])
    expect((await site.api('GET', '/api/components/b')).body.version).toBe(1)
  })

  it('components: nesting is at most 5 levels deep — when a type holds a chain of 5 components, then it is accepted; one more level, by a new component on top, a PATCH of the deepest one or a PATCH of one a type holds, is 422 naming the field', async () => {
    expect(MAX_COMPONENT_DEPTH).toBe(5)
    const site = await createTestWebsite()
    await chainOf(site.api, MAX_COMPONENT_DEPTH)
    const atLimit = await site.api('POST', '/api/content-types', {
      body: { name: 'deep', fields: [{ name: 'c', type: 'component', component: 'c1' }] },
    })
    expect(atLimit.status, atLimit.text).toBe(201)

    // One level more on top: a new component holding the chain, used or not.
    const onTop = await site.api('POST', '/api/components', {
      body: { name: 'c0', fields: [{ name: 'c', type: 'blocks', components: ['c1'] }] },
    })
    expect(onTop.status).toBe(422)
    expect(detailsOf(onTop)).toEqual([
      { path: 'fields[0].components[0]', message: expect.stringContaining('levels deep') },
    ])
    // One level more at the bottom: the leaf changed to hold another component.
    await component(site.api, { name: 'leaf', fields: [{ name: 'text', type: 'text' }] })
    const below = await site.api('PATCH', `/api/components/c${MAX_COMPONENT_DEPTH}`, {
      body: { fields: [{ name: 'leaf', type: 'component', component: 'leaf' }] },
    })
    expect(below.status).toBe(422)
    expect(pathsOf(below)).toEqual(['fields[0].component'])
    // A component a type holds, changed to hold a whole chain: one level past.
    await chainOf(site.api, MAX_COMPONENT_DEPTH, 'd')
    const inType = await site.api('POST', '/api/content-types', {
      body: { name: 'deeper', fields: [{ name: 'd', type: 'component', component: 'd1' }] },
    })
    expect(inType.status, inType.text).toBe(201)
    await component(site.api, { name: 'top', fields: [{ name: 'text', type: 'text' }] })
    const pushed = await site.api('PATCH', '/api/content-types/deeper', {
      body: {
        fields: [
          { name: 'd', type: 'component', component: 'd1' },
          { name: 't', type: 'component', component: 'top' },
        ],
      },
    })
    expect(pushed.status, pushed.text).toBe(200)
    const deeperStill = await site.api('PATCH', '/api/components/top', {
      body: { fields: [{ name: 'd', type: 'component', component: 'd1' }] },
    })
    expect(deeperStill.status).toBe(422)
    expect(pathsOf(deeperStill)).toEqual(['fields[0].component'])
  })

  it('components: a component in use is not deleted — when fields of types (direct and in blocks) and of another component use it, then DELETE is 409 naming each as definition.field, and it is deleted once they are gone', async () => {
    const site = await createTestWebsite()
    await component(site.api, SEO)
    await component(site.api, { name: 'hero', fields: [{ name: 'title', type: 'text' }] })
    await component(site.api, {
      name: 'card',
      fields: [{ name: 'seo', type: 'component', component: 'seo' }],
    })
    await contentType(site.api, {
      name: 'article',
      fields: [{ name: 'seo', type: 'component', component: 'seo' }],
    })
    await contentType(site.api, {
      name: 'landing',
      fields: [{ name: 'sections', type: 'blocks', components: ['hero', 'seo'] }],
    })
    const refused = await site.api('DELETE', '/api/components/seo')
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('CONFLICT')
    expect(refused.body.error.message).toContain('article.seo, landing.sections, card.seo')
    expect(pathsOf(refused)).toEqual(['article.seo', 'landing.sections', 'card.seo'])
    expect((await site.api('GET', '/api/components/seo')).status).toBe(200)

    await expectStatus(site.api('DELETE', '/api/content-types/article'), 204)
    await expectStatus(site.api('DELETE', '/api/components/card'), 204)
    await expectStatus(
      site.api('PATCH', '/api/content-types/landing', {
        body: { fields: [{ name: 'sections', type: 'blocks', components: ['hero'] }] },
      }),
      200,
    )
    expect((await site.api('DELETE', '/api/components/seo')).status).toBe(204)
  })

  it('components: a change applies to the next write — when a component a type uses gains a required field, then the very next document write is checked against it at its path, and a valid one is accepted', async () => {
    const site = await createTestWebsite()
    await component(site.api, SEO)
    await contentType(site.api, {
      name: 'article',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'seo', type: 'component', component: 'seo' },
      ],
    })
    const doc = await expectStatus(
      site.api('POST', '/api/content', {
        body: { type: 'article', data: { title: 'A', seo: { title: 'Search A' } } },
      }),
      201,
    )
    await expectStatus(
      site.api('PATCH', '/api/components/seo', {
        body: { fields: [...SEO.fields, { name: 'keywords', type: 'tags', required: true }] },
      }),
      200,
    )
    const refused = await site.api('PATCH', `/api/content/${doc.body.id}`, {
      body: { data: { title: 'B' } },
    })
    expect(refused.status).toBe(422)
    expect(pathsOf(refused)).toEqual(['data.seo.keywords'])
    const accepted = await site.api('PATCH', `/api/content/${doc.body.id}`, {
      body: { data: { seo: { title: 'Search B', keywords: ['b'] } } },
    })
    expect(accepted.status, accepted.text).toBe(200)
    expect(accepted.body.data.seo).toEqual({ title: 'Search B', keywords: ['b'] })
  })

  it('components: the content-type quotas apply — when the contentTypes quota is reached by types and components together, then one more of either is 409 naming it; a component past fieldsPerType is 422; nothing is written', async () => {
    const site = await createTestWebsite()
    const quotas = await adminClient()('PATCH', `/admin/api/websites/${site.websiteId}/quotas`, {
      body: { contentTypes: 2, fieldsPerType: 2 },
    })
    expect(quotas.status, quotas.text).toBe(200)
    await contentType(site.api, { name: 'article' })
    const tooWide = await site.api('POST', '/api/components', {
      body: {
        name: 'wide',
        fields: ['a', 'b', 'c'].map((name) => ({ name, type: 'text' })),
      },
    })
    expect(tooWide.status).toBe(422)
    expect(pathsOf(tooWide)).toEqual(['quota.fieldsPerType'])
    await component(site.api, SEO)
    for (const path of ['/api/components', '/api/content-types']) {
      const refused = await site.api('POST', path, { body: { name: 'third' } })
      expect(refused.status).toBe(409)
      expect(pathsOf(refused)).toEqual(['quota.contentTypes'])
    }
    expect((await site.api('GET', '/api/components')).body.docs).toHaveLength(1)
    const usage = await adminClient()('GET', `/admin/api/websites/${site.websiteId}/quotas`)
    expect(usage.body.quotas.contentTypes.usage).toBe(2)
  })

  it('components: writes need manageTypes — when a read key creates, changes or deletes a component, then 403 and nothing changes; it reads them', async () => {
    const site: TestWebsite = await createTestWebsite()
    await component(site.api, SEO)
    const attempts = [
      site.readApi('POST', '/api/components', { body: { name: 'hero' } }),
      site.readApi('PATCH', '/api/components/seo', { body: { label: 'x' } }),
      site.readApi('DELETE', '/api/components/seo'),
    ]
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(403)
      expect(answer.body.error.message).toContain('manageTypes')
    }
    const read = await site.readApi('GET', '/api/components/seo')
    expect(read.status).toBe(200)
    expect(read.body.version).toBe(1)
    expect((await site.readApi('GET', '/api/components')).body.docs).toHaveLength(1)
  })

  it("audit: a component's changes are entries — when a key creates, changes and deletes a component, then each leaves one entry with the key as actor, the component as target and the members named", async () => {
    const site = await createTestWebsite()
    await component(site.api, SEO)
    await expectStatus(site.api('PATCH', '/api/components/seo', { body: { label: 'S' } }), 200)
    await expectStatus(site.api('DELETE', '/api/components/seo'), 204)
    const log = await expectStatus(site.api('GET', '/api/audit?order=asc&limit=100'), 200)
    const entries = (log.body.docs as any[]).filter((entry) => entry.action !== 'key.create')
    const actor = { kind: 'key', id: site.adminKeyId, name: 'admin key' }
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'component.create',
        actor,
        target: { kind: 'component', id: 'seo', version: 1 },
        changes: [
          'description',
          'fields',
          'icon',
          'label',
          'name',
          'fields.title',
          'fields.summary',
        ],
      }),
      expect.objectContaining({
        action: 'component.update',
        actor,
        target: { kind: 'component', id: 'seo', version: 2 },
        changes: ['label'],
      }),
      expect.objectContaining({
        action: 'component.delete',
        actor,
        target: { kind: 'component', id: 'seo' },
      }),
    ])
  })

  it("components: create 201, patch 200, delete 204 — when @cms/client creates, lists, reads, changes and deletes a component, then each call answers the API's component, and a refusal is a CmsApiError with its details", async () => {
    const site = await createTestWebsite()
    const cms = createCmsClient({ baseUrl: testEnv().gatewayUrl, apiKey: site.adminKey })
    const created = await cms.components.create(SEO)
    expect(created).toMatchObject({ name: 'seo', version: 1 })
    expect((await cms.components.list()).docs.map((doc) => doc.name)).toEqual(['seo'])
    expect(await cms.components.get('seo')).toEqual(created)
    expect(await cms.components.update('seo', { label: 'Search' })).toMatchObject({ version: 2 })
    await cms.contentTypes.create({
      name: 'article',
      fields: [{ name: 'seo', type: 'component', component: 'seo' }],
    })
    const refused = await cms.components.delete('seo').catch((error: unknown) => error)
    expect(refused).toMatchObject({ name: 'CmsApiError', status: 409, code: 'CONFLICT' })
    await cms.contentTypes.delete('article')
    await cms.components.delete('seo')
    expect((await cms.components.list()).docs).toEqual([])
  })

  it('components: a type resolves to at most 2000 fields — when a component change, a type change or a new component would make a type (or the component) hold more than 2000 fields with its components resolved, then 422 on fields names it; up to it is accepted', async () => {
    const site = await createTestWebsite()
    const texts = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ name: `t${i}`, type: 'text' }))
    const uses = (count: number, component: string) =>
      Array.from({ length: count }, (_, i) => ({ name: `u${i}`, type: 'component', component }))
    await component(site.api, { name: 'wide', fields: texts(90) })
    // 21 uses of 90 fields and their own 21: 1911 fields, and the type's own field: 1912.
    await component(site.api, { name: 'many', fields: uses(21, 'wide') })
    await contentType(site.api, {
      name: 'page',
      fields: [{ name: 'm', type: 'component', component: 'many' }],
    })
    const wider = await site.api('PATCH', '/api/components/wide', { body: { fields: texts(96) } })
    expect(wider.status).toBe(422)
    expect(detailsOf(wider)).toEqual([
      { path: 'fields', message: expect.stringContaining('content type page (2038)') },
    ])
    const twice = await site.api('PATCH', '/api/content-types/page', {
      body: {
        fields: [
          { name: 'm', type: 'component', component: 'many' },
          { name: 'n', type: 'component', component: 'many' },
        ],
      },
    })
    expect(twice.status).toBe(422)
    expect(pathsOf(twice)).toEqual(['fields'])
    const huge = await site.api('POST', '/api/components', {
      body: { name: 'huge', fields: uses(22, 'wide') },
    })
    expect(huge.status).toBe(422)
    expect(detailsOf(huge)[0].message).toContain('itself (2002)')
    expect((await site.api('GET', '/api/components/wide')).body.fields).toHaveLength(90)
  })

  it('components: one name space with content types — when 10 creates of one name race, half as a type and half as a component, then exactly one is 201 and the others 409, the name reads as the kind that won, and once that definition is next changed it is listed once, as its kind (on FerretDB a racing index write can drop the entry until then: docs/schema.md)', async () => {
    const site = await createTestWebsite()
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        site.api('POST', i % 2 === 0 ? '/api/components' : '/api/content-types', {
          body: { name: 'contested', fields: [{ name: `f${i}`, type: 'text' }] },
        }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      201, 409, 409, 409, 409, 409, 409, 409, 409, 409,
    ])
    const names = async (path: string) =>
      (await site.api('GET', path)).body.docs.map((doc: { name: string }) => doc.name)
    const winner = answers.find((answer) => answer.status === 201)!
    const kind =
      (await site.api('GET', '/api/components/contested')).status === 200
        ? 'components'
        : 'content-types'
    expect((await site.api('GET', `/api/${kind}/contested`)).body).toEqual(winner.body)
    const other = kind === 'components' ? 'content-types' : 'components'
    expect((await site.api('GET', `/api/${other}/contested`)).status).toBe(404)
    const changed = await site.api('PATCH', `/api/${kind}/contested`, { body: { label: 'Won' } })
    expect(changed.status).toBe(200)
    expect(await names(`/api/${kind}`)).toEqual(['contested'])
    expect(await names(`/api/${other}`)).toEqual([])
    // The index the content service reads declares the winner's fields only, as its kind.
    const internal = internalClient(testEnv().schemaUrl, { websiteId: site.websiteId })
    const declared = (await internal('GET', '/internal/field-declarations')).body.docs
    expect(declared).toEqual(
      kind === 'content-types'
        ? [{ name: 'contested', fields: [{ name: winner.body.fields[0].name, type: 'text' }] }]
        : [],
    )
  })
})
