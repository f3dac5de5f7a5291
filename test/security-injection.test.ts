import { beforeAll, describe, expect, it } from 'vitest'
import { adminClient, createTestWebsite, jsonClient, testEnv } from '@cms/testkit'
import type { ApiResponse, TestWebsite } from '@cms/testkit'

/**
 * NoSQL injection and prototype pollution through the gateway: operator objects where values
 * belong are refused (422); operator-looking text is stored and matched as plain text; nothing
 * a client sends is ever run as a query operator or reaches an object's prototype.
 */
let site: TestWebsite
let alpha: { id: string; slug: string }
let draftId: string

const NOTE_TYPE = {
  name: 'note',
  slugField: 'title',
  titleField: 'title',
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'body', type: 'textarea' },
    { name: 'meta', type: 'json' },
    { name: 'tags', type: 'tags' },
    { name: 'views', type: 'integer' },
  ],
}

async function expectStatus(call: Promise<ApiResponse>, status: number): Promise<ApiResponse> {
  const response = await call
  if (response.status !== status) {
    throw new Error(`expected ${status}, got ${response.status}: ${response.text.slice(0, 300)}`)
  }
  return response
}

function expectRefused(response: ApiResponse, what: string): void {
  expect(response.status, `${what}: ${response.text.slice(0, 300)}`).toBe(422)
  expect(response.body.error).toMatchObject({
    code: 'VALIDATION_ERROR',
    message: expect.any(String),
  })
}

async function allIds(): Promise<string[]> {
  const list = await expectStatus(site.api('GET', '/api/content?draft=true&limit=100'), 200)
  return list.body.docs.map((doc: { id: string }) => doc.id).sort()
}

beforeAll(async () => {
  site = await createTestWebsite()
  await expectStatus(site.api('POST', '/api/content-types', { body: NOTE_TYPE }), 201)
  const first = await expectStatus(
    site.api('POST', '/api/content', { body: { type: 'note', data: { title: 'Alpha' } } }),
    201,
  )
  await expectStatus(site.api('POST', `/api/content/${first.body.id}/publish`), 200)
  alpha = { id: first.body.id, slug: first.body.slug }
  const draft = await expectStatus(
    site.api('POST', '/api/content', { body: { type: 'note', data: { title: 'Hidden draft' } } }),
    201,
  )
  draftId = draft.body.id
})

const OPERATOR_BODIES: [string, string, string, unknown][] = [
  [
    'an operator as a text value',
    'POST',
    '/api/content',
    { type: 'note', data: { title: { $gt: '' } } },
  ],
  [
    'an operator as the type',
    'POST',
    '/api/content',
    { type: { $ne: null }, data: { title: 'x' } },
  ],
  [
    'an operator as a number',
    'POST',
    '/api/content',
    { type: 'note', data: { title: 'x', views: { $gt: 0 } } },
  ],
  [
    'an operator inside tags',
    'POST',
    '/api/content',
    { type: 'note', data: { title: 'x', tags: [{ $ne: null }] } },
  ],
  [
    '$where in a json value',
    'POST',
    '/api/content',
    { type: 'note', data: { title: 'x', meta: { $where: 'sleep(5000)' } } },
  ],
  [
    '$function in a json value',
    'POST',
    '/api/content',
    {
      type: 'note',
      data: { title: 'x', meta: { a: { $function: { body: 'return 1', args: [], lang: 'js' } } } },
    },
  ],
  [
    '$where as a data key',
    'POST',
    '/api/content',
    { type: 'note', data: { title: 'x', $where: '1' } },
  ],
  [
    '$where at the top level',
    'POST',
    '/api/content',
    { type: 'note', data: { title: 'x' }, $where: '1' },
  ],
  [
    'an operator as the slug',
    'POST',
    '/api/content',
    { type: 'note', data: { title: 'x' }, slug: { $ne: null } },
  ],
  ['an operator as a content type name', 'POST', '/api/content-types', { name: { $gt: '' } }],
  [
    '$where as a field name',
    'POST',
    '/api/content-types',
    { name: 'inj', fields: [{ name: '$where', type: 'text' }] },
  ],
  [
    'an operator as a field type',
    'POST',
    '/api/content-types',
    { name: 'inj', fields: [{ name: 'a', type: { $ne: null } }] },
  ],
  ['an operator as a webhook url', 'POST', '/api/webhooks', { url: { $gt: '' } }],
  [
    'an operator as webhook events',
    'POST',
    '/api/webhooks',
    { url: 'http://127.0.0.1:9/', events: { $ne: null } },
  ],
  [
    'an operator in contentTypes',
    'POST',
    '/api/webhooks',
    { url: 'http://127.0.0.1:9/', contentTypes: [{ $gt: '' }] },
  ],
]

describe('operator objects where values belong', () => {
  it.each(OPERATOR_BODIES)(
    'when a body carries %s, then 422 and nothing is written',
    async (what, method, path, body) => {
      const before = await allIds()
      expectRefused(await site.api(method, path, { body }), what)
      expect(await allIds()).toEqual(before)
    },
  )

  it.each([
    ['a $set at the top level', { $set: { status: 'published' } }],
    ['a $set inside data', { data: { $set: { status: 'published' } } }],
    ['an $inc inside a value', { data: { views: { $inc: 1 } } }],
    ['an operator as the text', { data: { title: { $gt: '' } } }],
    ['an operator as the slug', { slug: { $ne: null } }],
    ['a $rename', { $rename: { 'data.title': 'data.x' } }],
  ])('when a PATCH carries %s, then 422 and the draft is unchanged', async (what, body) => {
    expectRefused(await site.api('PATCH', `/api/content/${draftId}`, { body }), what)
    const after = await expectStatus(site.api('GET', `/api/content/${draftId}?draft=true`), 200)
    expect(after.body).toMatchObject({
      status: 'draft',
      version: 1,
      data: { title: 'Hidden draft' },
    })
  })

  it('when the platform admin API gets an operator as a website name, then 422', async () => {
    expectRefused(
      await adminClient()('POST', '/admin/api/websites', { body: { name: { $gt: '' } } }),
      'website name',
    )
  })

  it('when an API key is sent as operator-looking text, then 401', async () => {
    for (const key of ['{"$ne": null}', '{"$gt": ""}', '[object Object]', 'cms_{"$ne":1}']) {
      const response = await jsonClient(testEnv().gatewayUrl, { 'x-api-key': key })(
        'GET',
        '/api/content',
      )
      expect(response.status, key).toBe(401)
      expect(response.body.error.code).toBe('UNAUTHORIZED')
    }
  })
})

describe('operator-looking text is plain data', () => {
  const tricky = {
    title: '{"$gt": ""}',
    body: "'; return true; var x = '",
    meta: {
      op: '$where',
      query: 'this.title.length > 0',
      fn: 'function () { sleep(5000) }',
      list: ['$ne', '$or'],
    },
    tags: ['$where', '{"$ne": null}'],
  }
  let trickyId: string

  it('when values look like operators or code, then they are stored and read back exactly', async () => {
    const created = await expectStatus(
      site.api('POST', '/api/content', { body: { type: 'note', data: tricky } }),
      201,
    )
    trickyId = created.body.id
    const read = await expectStatus(site.api('GET', `/api/content/${trickyId}?draft=true`), 200)
    expect(read.body.data).toEqual(tricky)
  })

  it('when a filter value is an operator as text, then it matches that text only, not everything', async () => {
    const eq = await expectStatus(
      site.api(
        'GET',
        `/api/content?draft=true&filters[title][$eq]=${encodeURIComponent('{"$gt": ""}')}`,
      ),
      200,
    )
    expect(eq.body.docs.map((doc: { id: string }) => doc.id)).toEqual([trickyId])
    const tag = await expectStatus(
      site.api('GET', '/api/content?draft=true&filters[tags][$eq]=$where'),
      200,
    )
    expect(tag.body.docs.map((doc: { id: string }) => doc.id)).toEqual([trickyId])
  })

  it.each([
    ['an operator object as a filter value', 'filters[title][$eq][$gt]='],
    ['$ne nested under $eq', 'filters[title][$eq][$ne]=nothing'],
    ['$where at the top', 'filters[$where]=sleep(5000)'],
    ['$function at the top', 'filters[$function][body]=return%20true&filters[$function][lang]=js'],
    ['$where on a field', 'filters[title][$where]=sleep(5000)'],
    ['$regex on a field', 'filters[title][$regex]=.*'],
    ['$expr', 'filters[$expr][$eq][0]=1'],
    ['constructor.prototype', 'filters[constructor][prototype][title]=x'],
    ['a dotted constructor path', 'filters[data.constructor.prototype][$eq]=x'],
    ['__proto__', 'filters[__proto__][title]=x'],
    ['$where as a sort', 'sort=$where'],
  ])('when a list query carries %s, then 422 quickly and nothing runs', async (what, query) => {
    const started = Date.now()
    const response = await site.api('GET', `/api/content?draft=true&${query}`)
    expectRefused(response, what)
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('when ids, slugs and names are operator text in the path, then 404', async () => {
    const operator = encodeURIComponent('{"$ne": null}')
    for (const path of [
      `/api/content/${operator}`,
      `/api/content/by-slug/note/${operator}`,
      `/api/content/by-slug/${operator}/${alpha.slug}`,
      `/api/content-types/${operator}`,
      `/api/webhooks/${operator}`,
      `/api/content/${operator}/versions`,
      `/api/content/${alpha.id}/restore/${operator}`,
    ]) {
      const method = path.includes('/restore/') ? 'POST' : 'GET'
      const response = await site.api(method, path)
      expect(response.status, path).toBe(404)
    }
  })
})

describe('prototype pollution', () => {
  const GADGETS = {
    slug: 'polluted-slug',
    status: 'published',
    draft: 'true',
    scope: 'admin',
    polluted: 'yes',
  }
  const raw = (text: string) => ({ rawBody: text })
  const gadgets = JSON.stringify(GADGETS)

  it('when bodies carry __proto__ and constructor.prototype, then they are refused or kept as plain members', async () => {
    const attempts: [string, string, string][] = [
      ['POST', '/api/content', `{"type":"note","data":{"title":"p1"},"__proto__":${gadgets}}`],
      ['POST', '/api/content', `{"type":"note","data":{"title":"p2","__proto__":${gadgets}}}`],
      [
        'POST',
        '/api/content',
        `{"type":"note","data":{"title":"p3","constructor":{"prototype":${gadgets}}}}`,
      ],
      [
        'POST',
        '/api/content',
        `{"type":"note","data":{"title":"p4","meta":{"__proto__":${gadgets}}}}`,
      ],
      [
        'POST',
        '/api/content',
        `{"type":"note","data":{"title":"p5","meta":{"constructor":{"prototype":${gadgets}}}}}`,
      ],
      ['PATCH', `/api/content/${draftId}`, `{"data":{"__proto__":${gadgets}}}`],
      ['PATCH', `/api/content/${draftId}`, `{"data":{"meta":{"__proto__":${gadgets}}}}`],
      ['PATCH', `/api/content/${draftId}`, `{"__proto__":${gadgets}}`],
      ['POST', '/api/content-types', `{"name":"proto","__proto__":${gadgets}}`],
      [
        'POST',
        '/api/content-types',
        `{"name":"proto2","fields":[{"name":"__proto__","type":"text"}]}`,
      ],
      [
        'POST',
        '/api/content-types',
        `{"name":"proto3","fields":[{"name":"constructor","type":"json"}]}`,
      ],
      [
        'POST',
        '/api/webhooks',
        `{"url":"http://127.0.0.1:9/","__proto__":{"secret":"s","events":[]}}`,
      ],
      ['PATCH', `/api/content-types/note`, `{"constructor":{"prototype":${gadgets}}}`],
    ]
    for (const [method, path, body] of attempts) {
      const response = await site.api(method, path, raw(body))
      expect(
        response.status,
        `${method} ${path} ${body}: ${response.text.slice(0, 200)}`,
      ).toBeLessThan(500)
      // Kept as plain data inside a json value is fine; taking effect on the document is not.
      expect(response.body?.slug).not.toBe('polluted-slug')
      expect(response.body?.status).not.toBe('published')
      expect(response.body?.polluted).toBeUndefined()
    }
    const list = await site.api(
      'GET',
      `/api/content?__proto__[slug]=x&constructor[prototype][slug]=x&draft=true`,
    )
    expect(list.status).toBeLessThan(500)
  })

  it('when a document is written after those attempts, then nothing was inherited from a polluted prototype', async () => {
    const fresh = await expectStatus(
      site.api('POST', '/api/content', {
        body: { type: 'note', data: { title: 'After pollution' } },
      }),
      201,
    )
    expect(fresh.body).toMatchObject({ slug: 'after-pollution', status: 'draft' })
    expect(fresh.body).not.toHaveProperty('polluted')
    expect(fresh.body.data).toEqual({ title: 'After pollution' })
    // A read key still cannot see drafts: neither `draft` nor `scope` was inherited anywhere.
    expect((await site.readApi('GET', `/api/content/${fresh.body.id}`)).status).toBe(404)
    const readList = await expectStatus(site.readApi('GET', '/api/content?limit=100'), 200)
    expect(readList.body.docs.map((doc: { id: string }) => doc.id)).toEqual([alpha.id])
    expect(
      (
        await site.readApi('POST', '/api/content', {
          body: { type: 'note', data: { title: 'no' } },
        })
      ).status,
    ).toBe(403)
    const draft = await expectStatus(site.api('GET', `/api/content/${draftId}?draft=true`), 200)
    expect(draft.body.status).toBe('draft')
    expect(draft.body.slug).not.toBe('polluted-slug')
  })

  it('when a stored member is named __proto__, then it reads back as data, not as a prototype', async () => {
    const created = await site.api('POST', '/api/content', {
      rawBody: '{"type":"note","data":{"title":"proto-data","meta":{"__proto__":{"x":1},"y":2}}}',
    })
    expect(created.status).toBeLessThan(500)
    if (created.status !== 201) return expectRefused(created, 'a __proto__ member in json')
    const read = await expectStatus(
      site.api('GET', `/api/content/${created.body.id}?draft=true`),
      200,
    )
    expect(Object.keys(read.body.data.meta).sort()).toEqual(['__proto__', 'y'])
    expect(read.body.data.meta.x).toBeUndefined()
  })
})
