import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { HTTP_STATUS_BY_CODE } from '@cms/errors'
import { createTestWebsite, testEnv } from '@cms/testkit'
import type { ApiCall, ApiResponse, TestWebsite } from '@cms/testkit'
import { hostileQueryString } from '../services/content/src/query/hostile-query.arbitrary.ts'

/**
 * Property-based fuzz of JSON bodies, query strings and path segments against the running
 * gateway. Whatever is sent: never a 5xx, never a stack trace or an internal address, and every
 * error in the contract's shape with the status its code stands for. Runs are bounded so the
 * file takes well under a minute; a failure prints the shrunk request.
 *
 * Two websites: one where content and types are fuzzed, one where webhooks are, so generated
 * webhooks never receive the fuzzed content's events.
 */
let content: TestWebsite
let hooks: TestWebsite
let documentId: string
let webhookId: string

const RUNS = Number(process.env.CMS_FUZZ_RUNS ?? 100)
const KNOWN_CODES = Object.keys(HTTP_STATUS_BY_CODE)

beforeAll(async () => {
  ;[content, hooks] = await Promise.all([createTestWebsite(), createTestWebsite()])
  for (const name of ['post', 'scratch']) {
    const type = await content.api('POST', '/api/content-types', {
      body: {
        name,
        titleField: 'title',
        fields: [
          { name: 'title', type: 'text', required: true },
          { name: 'body', type: 'richText' },
          { name: 'tags', type: 'tags' },
          { name: 'views', type: 'integer' },
          { name: 'score', type: 'number' },
          { name: 'live', type: 'boolean' },
          { name: 'day', type: 'date' },
          { name: 'meta', type: 'json' },
          { name: 'kind', type: 'select', options: ['a', 'b'] },
        ],
      },
    })
    expect(type.status, type.text).toBe(201)
  }
  const doc = await content.api('POST', '/api/content', {
    body: { type: 'post', data: { title: 'Fuzz target' } },
  })
  expect(doc.status, doc.text).toBe(201)
  documentId = doc.body.id
  // TEST-NET-1: never routed, and this website writes no content, so nothing is ever sent.
  const hook = await hooks.api('POST', '/api/webhooks', { body: { url: 'http://192.0.2.1/hook' } })
  expect(hook.status, hook.text).toBe(201)
  webhookId = hook.body.id
})

const STACK_TRACE = /\n\s+at\s|\bat\s[\w$.<>]+\s\(|\.(?:ts|js|mjs):\d+:\d+|node_modules|\/work\//

/** The contract's promises for any answer: no 5xx; errors in the one shape, nothing internal. */
function expectContractAnswer(response: ApiResponse, request: string): void {
  const where = `${request.slice(0, 400)} -> ${response.status} ${response.text.slice(0, 400)}`
  expect(response.status, where).toBeLessThan(500)
  expect(response.text, where).not.toMatch(STACK_TRACE)
  const env = testEnv()
  for (const internal of [env.contentReadUrl, env.contentWriteUrl, env.schemaUrl, env.webhookUrl]) {
    expect(response.text, where).not.toContain(new URL(internal).host)
  }
  expect(response.text, where).not.toContain('mongodb://')
  if (response.status < 400) return
  expect(response.headers.get('content-type'), where).toMatch(/^application\/json/)
  const error = response.body?.error
  expect(error, where).toMatchObject({ code: expect.any(String), message: expect.any(String) })
  expect(KNOWN_CODES, where).toContain(error.code)
  // The one exception to the code table: a request head Node's parser refuses (over 32 KiB,
  // or malformed) is 431 or 400 with VALIDATION_ERROR (libs/http/src/client-error.ts).
  const headRefused = error.code === 'VALIDATION_ERROR' && [400, 431].includes(response.status)
  if (!headRefused) {
    expect(HTTP_STATUS_BY_CODE[error.code as keyof typeof HTTP_STATUS_BY_CODE], where).toBe(
      response.status,
    )
  }
  const allowed = ['code', 'message', 'details']
  expect(
    Object.keys(error).filter((key) => !allowed.includes(key)),
    where,
  ).toEqual([])
  if (error.details !== undefined) {
    expect(Array.isArray(error.details), where).toBe(true)
    for (const detail of error.details) {
      expect(detail, where).toMatchObject({ path: expect.any(String), message: expect.any(String) })
    }
  }
}

// ---------------------------------------------------------------- arbitraries

const HOSTILE_KEYS = [
  '$where',
  '$function',
  '$gt',
  '$ne',
  '$set',
  '$expr',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'a.b',
  '',
  ' ',
  '\u0000',
  'title',
  'body',
  'tags',
  'views',
  'score',
  'live',
  'day',
  'meta',
  'kind',
  'type',
  'data',
  'slug',
  'status',
  'version',
  'id',
  '_id',
  'websiteId',
  'name',
  'label',
  'fields',
  'options',
  'required',
  'slugField',
  'titleField',
  'url',
  'secret',
  'events',
  'contentTypes',
]

const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
)

const scalar = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 10 }),
  fc.constantFrom('post', 'scratch', 'a', 'b', '2024-02-30', '2024-01-01', 'http://192.0.2.1/x'),
  fc.constantFrom('entry.create', 'entry.delete', 'javascript:alert(1)', 'x'.repeat(5000)),
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -0, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER),
  fc.boolean(),
  fc.constant(null),
)

const { value: hostileJson } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  ),
}))

/** An object body: mostly the route's own members with hostile values, plus stray members. */
function bodyFor(members: readonly string[]): fc.Arbitrary<unknown> {
  const shaped = fc
    .tuple(
      fc.subarray([...members]),
      fc.array(hostileJson, { minLength: members.length, maxLength: members.length }),
      fc.dictionary(key, hostileJson, { maxKeys: 2 }),
    )
    .map(([chosen, values, extra]) => {
      const body: Record<string, unknown> = Object.create(null)
      chosen.forEach((member, i) => (body[member] = values[i]))
      return { ...extra, ...body }
    })
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: hostileJson })
}

const dataFor = fc.oneof(
  fc.dictionary(key, hostileJson, { maxKeys: 6 }),
  fc.record(
    {
      title: fc.oneof(fc.string(), hostileJson),
      body: fc.oneof(
        fc.record({ type: fc.string(), content: fc.array(hostileJson, { maxLength: 3 }) }),
        hostileJson,
      ),
      tags: fc.oneof(fc.array(fc.string(), { maxLength: 4 }), hostileJson),
      meta: hostileJson,
      views: hostileJson,
    },
    { requiredKeys: [] },
  ),
)

const contentBody = fc.oneof(
  fc.record(
    { type: fc.constantFrom('post', 'scratch'), data: dataFor, slug: hostileJson },
    { requiredKeys: ['type', 'data'] },
  ),
  bodyFor(['type', 'data', 'slug']),
)

const fieldDefinition = fc.oneof(
  fc.record(
    {
      name: fc.oneof(fc.constantFrom('title', 'x', '$where', '__proto__', 'a.b'), fc.string()),
      type: fc.oneof(fc.constantFrom('text', 'json', 'select', 'richText', 'nope'), hostileJson),
      required: hostileJson,
      options: hostileJson,
      label: hostileJson,
    },
    { requiredKeys: ['name', 'type'] },
  ),
  hostileJson,
)

const typeBody = fc.oneof(
  fc.record(
    {
      label: hostileJson,
      fields: fc.oneof(fc.array(fieldDefinition, { maxLength: 4 }), hostileJson),
      titleField: hostileJson,
      slugField: hostileJson,
      description: hostileJson,
    },
    { requiredKeys: [] },
  ),
  bodyFor(['name', 'label', 'fields', 'slugField', 'titleField', 'icon', 'description']),
)

const webhookBody = bodyFor(['name', 'url', 'secret', 'events', 'contentTypes'])

/**
 * Found by this fuzz: ajv's `uniqueItems` on `events` compared objects with fast-deep-equal,
 * which calls an item's own `toString`/`valueOf` when it differs from Object.prototype's, so a
 * `toString` that is not a function threw a TypeError, answered 500.
 */
const WEBHOOK_FINDINGS: [boolean, string][] = [
  [false, '{"events":[{},{"toString":false}]}'],
  [true, '{"url":"http://192.0.2.1/","events":[{"valueOf":1},{"valueOf":1}]}'],
]

/** A body as JSON text, or text that is not JSON at all. */
const rawBody = (body: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 8, arbitrary: body.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":', '[1,]', '{"a":1}}', 'NaN', '"x"') },
  )

const genericQuery = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom('page', 'limit', 'draft', 'type', 'sort', 'fields', 'filters[title]'),
        fc.constantFrom('page[0]', 'limit[$gt]', '__proto__[x]', 'draft[]', 'a[b][c][d]'),
        fc.string({ maxLength: 10 }),
      ),
      fc.oneof(
        fc.constantFrom('0', '-1', '1', '101', '1e3', 'NaN', 'true', 'false', '', '%', '%ZZ'),
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 20 }).map(encodeURIComponent),
      ),
    ),
    { maxLength: 8 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'))

const pathSegment = fc.oneof(
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.constantFrom('%00', '%2e%2e', '..', '%2F', 'null', 'undefined', '0', '-1', 'x'.repeat(3000)),
  fc.uuid(),
)

// ---------------------------------------------------------------- properties

async function send(
  api: ApiCall,
  method: string,
  path: string,
  body?: string,
): Promise<{ response: ApiResponse; request: string }> {
  const response = await api(method, path, body === undefined ? {} : { rawBody: body })
  return { response, request: `${method} ${path} ${body ?? ''}` }
}

/** `examples` are failures found earlier: they run first, every time. */
const property = <T>(
  arbitrary: fc.Arbitrary<T>,
  run: (value: T) => Promise<void>,
  examples: T[] = [],
) =>
  fc.assert(fc.asyncProperty(arbitrary, run), {
    numRuns: RUNS,
    examples: examples.map((example): [T] => [example]),
  })

describe('fuzzing the gateway', () => {
  it('errors: bad input is never a 500; errors: one error shape — when content bodies are generated for create and update, then no 5xx and every error is in shape', async () => {
    await property(
      fc.tuple(fc.boolean(), rawBody(contentBody), rawBody(bodyFor(['data', 'slug']))),
      async ([create, createBody, patchBody]) => {
        const { response, request } = create
          ? await send(content.api, 'POST', '/api/content', createBody)
          : await send(content.api, 'PATCH', `/api/content/${documentId}`, patchBody)
        expectContractAnswer(response, request)
      },
    )
  }, 180_000)

  it('when content type bodies are generated, then no 5xx and every error is in shape', async () => {
    await property(
      fc.tuple(
        fc.boolean(),
        rawBody(typeBody),
        fc.oneof(fc.constantFrom('fuzzed', 'post'), fc.string({ maxLength: 10 })),
      ),
      async ([create, body, name]) => {
        const { response, request } = create
          ? await send(content.api, 'POST', '/api/content-types', withName(body, name))
          : await send(content.api, 'PATCH', '/api/content-types/scratch', body)
        expectContractAnswer(response, request)
      },
    )
  }, 180_000)

  it('when webhook bodies are generated, then no 5xx and every error is in shape', async () => {
    await property(
      fc.tuple(fc.boolean(), rawBody(webhookBody)),
      async ([create, body]) => {
        const { response, request } = create
          ? await send(hooks.api, 'POST', '/api/webhooks', body)
          : await send(hooks.api, 'PATCH', `/api/webhooks/${webhookId}`, body)
        expectContractAnswer(response, request)
      },
      WEBHOOK_FINDINGS,
    )
  }, 180_000)

  it('when list query strings are generated, then no 5xx and every error is in shape', async () => {
    const lists = [
      (q: string) => [content.api, `/api/content?${q}`] as const,
      (q: string) => [content.readApi, `/api/content?${q}`] as const,
      (q: string) => [content.api, `/api/content/${documentId}/versions?${q}`] as const,
      (q: string) => [content.api, `/api/content/${documentId}?${q}`] as const,
      (q: string) => [content.readApi, `/api/content/by-slug/post/fuzz-target?${q}`] as const,
      (q: string) => [content.api, `/api/content-types?${q}`] as const,
      (q: string) => [hooks.api, `/api/webhooks?${q}`] as const,
      (q: string) => [hooks.api, `/api/webhooks/${webhookId}/deliveries?${q}`] as const,
    ]
    await property(
      fc.tuple(fc.nat({ max: lists.length - 1 }), fc.oneof(hostileQueryString(), genericQuery)),
      async ([which, query]) => {
        const [api, path] = lists[which]!(query)
        const { response, request } = await send(api, 'GET', path)
        expectContractAnswer(response, request)
      },
    )
  }, 180_000)

  it('when path segments are generated, then no 5xx and every error is in shape', async () => {
    const routes = [
      (s: string): [string, string] => ['GET', `/api/content/${s}`],
      (s: string): [string, string] => ['PATCH', `/api/content/${s}`],
      (s: string): [string, string] => ['POST', `/api/content/${s}/publish`],
      (s: string): [string, string] => ['POST', `/api/content/${documentId}/restore/${s}`],
      (s: string): [string, string] => ['GET', `/api/content/by-slug/${s}/${s}`],
      (s: string): [string, string] => ['GET', `/api/content-types/${s}`],
      (s: string): [string, string] => ['DELETE', `/api/content-types/${s}`],
      (s: string): [string, string] => ['GET', `/api/webhooks/${s}`],
      (s: string): [string, string] => [
        'POST',
        `/api/webhooks/${webhookId}/deliveries/${s}/redeliver`,
      ],
      (s: string): [string, string] => ['GET', `/api/${s}`],
    ]
    await property(
      fc.tuple(fc.nat({ max: routes.length - 1 }), pathSegment),
      async ([which, segment]) => {
        const [method, path] = routes[which]!(segment)
        const api = path.startsWith('/api/webhooks') ? hooks.api : content.api
        const body = method === 'PATCH' ? '{"data":{}}' : undefined
        const { response, request } = await send(api, method, path, body)
        expectContractAnswer(response, request)
      },
    )
  }, 180_000)
})

/** Sets `name` on a JSON object body (to create types whose names are fuzzed too). */
function withName(body: string, name: string): string {
  try {
    const parsed: unknown = JSON.parse(body)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return body
    return JSON.stringify({ name, ...parsed })
  } catch {
    return body
  }
}
