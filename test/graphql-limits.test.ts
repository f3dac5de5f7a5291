import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestWebsite,
  fewestCommands,
  metricsUrlOf,
  storageCommands,
  testEnv,
} from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { launchExtraGateway } from './extra-gateway-kit.ts'
import type { ExtraGateway } from './extra-gateway-kit.ts'

interface GraphqlAnswer {
  status: number
  headers: Headers
  body: {
    data?: Record<string, unknown> | null
    errors?: { message: string; extensions?: Record<string, unknown> }[]
  }
}

let site: TestWebsite
/** A second gateway process, introspection off, sharing the stack's services, MongoDB and Redis. */
let quiet: ExtraGateway

/** POST or GET /api/graphql with the website's admin key, on the stack's gateway or `base`. */
async function graphql(
  params: { query?: string; variables?: unknown; extensions?: unknown },
  options: { method?: 'GET' | 'POST'; base?: string } = {},
): Promise<GraphqlAnswer> {
  const base = `${options.base ?? testEnv().gatewayUrl}/api/graphql`
  const headers = { 'x-api-key': site.adminKey, accept: 'application/json' }
  const response =
    options.method === 'GET'
      ? await fetch(
          `${base}?${new URLSearchParams(
            Object.entries(params).map(([name, value]) => [
              name,
              typeof value === 'string' ? value : JSON.stringify(value),
            ]),
          )}`,
          { headers },
        )
      : await fetch(base, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(params),
        })
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as GraphqlAnswer['body'],
  }
}

/** Storage commands the services have sent answering requests, so far. */
async function sentCommands(): Promise<number> {
  let total = 0
  for (const service of ['content-read', 'content-write', 'schema'])
    total += await storageCommands(metricsUrlOf(service))
  return total
}

/** The refusal a request gets, and the storage commands sent meanwhile (none, for a limit). */
async function refusalOf(params: Parameters<typeof graphql>[0]) {
  const { commands, answer } = await fewestCommands(sentCommands, () => graphql(params))
  return {
    status: answer.status,
    data: answer.body.data,
    extensions: answer.body.errors?.map((error) => error.extensions),
    commands,
  }
}

/** `levels` fields nested: `articleList { docs { data { related { data { ... title } } } } }`. */
function nested(levels: number): string {
  // articleList, docs, data, then `title` (4) or `related { id }` (5); each related { data } adds 2.
  let inner = levels % 2 === 0 ? 'title' : 'related { id }'
  for (let depth = levels % 2 === 0 ? 4 : 5; depth < levels; depth += 2)
    inner = `related { data { ${inner} } }`
  return `{ articleList { docs { data { ${inner} } } } }`
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const persisted = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } })

let articleId: string

beforeAll(async () => {
  site = await createTestWebsite()
  for (const body of [
    { name: 'tag', fields: [{ name: 'name', type: 'text' }] },
    {
      name: 'article',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'tags', type: 'relation', target: 'tag', many: true },
      ],
    },
  ])
    expect((await site.api('POST', '/api/content-types', { body })).status).toBe(201)
  const related = await site.api('PATCH', '/api/content-types/article', {
    body: {
      fields: [
        { name: 'title', type: 'text' },
        { name: 'tags', type: 'relation', target: 'tag', many: true },
        { name: 'related', type: 'relation', target: 'article' },
      ],
    },
  })
  expect(related.status).toBe(200)
  const created = await site.api('POST', '/api/content', {
    body: { type: 'article', data: { title: 'Hello' } },
  })
  articleId = (created.body as { id: string }).id
  await site.api('PATCH', `/api/content/${articleId}`, {
    body: { data: { title: 'Hello', related: articleId } },
  })
  expect((await site.api('POST', `/api/content/${articleId}/publish`)).status).toBe(200)
  quiet = await launchExtraGateway('graphql-limits', { GRAPHQL_INTROSPECTION: 'false' })
  // The schema is built once (its types read from the schema service) before anything is counted.
  expect((await graphql({ query: '{ __typename articleList { totalDocs } }' })).body.errors).toBe(
    undefined,
  )
}, 120_000)

afterAll(async () => {
  await quiet?.stop()
})

describe('GraphQL limits', () => {
  it('graphql: queries past the size limit are refused unparsed — when the text is one byte past 20 KB, then QUERY_TOO_LARGE names both sizes and no storage command is sent', async () => {
    const query = `{ __typename } #${'x'.repeat(20_481 - 16)}`
    expect(new TextEncoder().encode(query).length).toBe(20_481)
    const refused = await refusalOf({ query })
    expect(refused).toEqual({
      status: 200,
      data: undefined,
      extensions: [{ code: 'QUERY_TOO_LARGE', limit: 20_480, measured: 20_481 }],
      commands: 0,
    })
    expect((await graphql({ query: query.slice(0, -1) })).body.data).toEqual({
      __typename: 'Query',
    })
  })

  it('graphql: queries past the depth limit are refused — when fields nest 11 deep, then QUERY_TOO_DEEP before any storage command; 10 deep is answered', async () => {
    expect(await refusalOf({ query: nested(11) })).toEqual({
      status: 200,
      data: undefined,
      extensions: [{ code: 'QUERY_TOO_DEEP', limit: 10, measured: 11 }],
      commands: 0,
    })
    const answer = await graphql({ query: nested(10) })
    expect(answer.body.errors).toBe(undefined)
    const related = {
      related: { data: { related: { data: { related: { data: { title: 'Hello' } } } } } },
    }
    expect(answer.body.data).toEqual({ articleList: { docs: [{ data: related }] } })
  })

  it('graphql: queries past the cost limit are refused — when a page of 100 lists 20 relations each with their own lists, then QUERY_TOO_COMPLEX with its cost before any storage command', async () => {
    const query = `{ articleList(pageSize: 100) { docs { data { tags { data { name } } related { data { tags { data { name } } } } } } } }`
    const refused = await refusalOf({ query })
    expect(refused.commands).toBe(0)
    expect(refused.extensions).toEqual([
      { code: 'QUERY_TOO_COMPLEX', limit: 10_000, measured: 12_500 },
    ])
    const smaller = await graphql({
      query: query.replace('pageSize: 100', 'pageSize: 2'),
    })
    expect(smaller.body.errors).toBe(undefined)
  })

  it('graphql: introspection can be switched off — when a gateway runs with GRAPHQL_INTROSPECTION=false, then __schema and __type are refused and __typename answers; the default gateway answers them', async () => {
    const base = quiet.gatewayUrl
    for (const query of [
      '{ __schema { queryType { name } } }',
      '{ __type(name: "Query") { name } }',
    ]) {
      const refused = await graphql({ query }, { base })
      expect(refused.body.errors?.map((error) => error.extensions)).toEqual([
        { code: 'INTROSPECTION_DISABLED' },
      ])
      expect(refused.body.data).toBe(undefined)
      expect((await graphql({ query })).body.errors).toBe(undefined)
    }
    expect((await graphql({ query: '{ __typename }' }, { base })).body.data).toEqual({
      __typename: 'Query',
    })
  })
})

describe('GraphQL persisted queries', () => {
  it('graphql: an unknown persisted query is PersistedQueryNotFound — when a GET names a hash never stored, then the error says so and nothing runs', async () => {
    const query = `{ article(id: "${articleId}") { id } }`
    const answer = await graphql({ extensions: persisted(sha256(query)) }, { method: 'GET' })
    expect(answer.body.errors).toEqual([
      { message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } },
    ])
  })

  it('graphql: persisted queries by SHA-256 — when a query is sent once with its hash, then a GET with only the hash runs it, on every gateway instance', async () => {
    const query = `query One($id: ID!) { article(id: $id) { id data { title } } }`
    const hash = sha256(query)
    const variables = { id: articleId }
    const expected = { article: { id: articleId, data: { title: 'Hello' } } }
    const stored = await graphql({ query, variables, extensions: persisted(hash) })
    expect(stored.body).toEqual({ data: expected })
    const hit = await graphql({ variables, extensions: persisted(hash) }, { method: 'GET' })
    expect(hit.status).toBe(200)
    expect(hit.body).toEqual({ data: expected })
    const elsewhere = await graphql(
      { variables, extensions: persisted(hash) },
      { method: 'GET', base: quiet.gatewayUrl },
    )
    expect(elsewhere.body).toEqual({ data: expected })
    const posted = await graphql({ variables, extensions: persisted(hash) })
    expect(posted.body).toEqual({ data: expected })
  })

  it("graphql: a persisted query's hash is checked — when the hash is not the query's SHA-256, then PERSISTED_QUERY_HASH_MISMATCH and nothing is stored under it", async () => {
    const query = `{ article(id: "${articleId}") { data { title } } }`
    const other = sha256(`${query} `)
    const refused = await graphql({ query, extensions: persisted(other) })
    expect(refused.body.errors?.map((error) => error.extensions?.code)).toEqual([
      'PERSISTED_QUERY_HASH_MISMATCH',
    ])
    expect(refused.body.data).toBe(undefined)
    const after = await graphql({ extensions: persisted(other) }, { method: 'GET' })
    expect(after.body.errors?.[0]?.message).toBe('PersistedQueryNotFound')
    const badVersion = await graphql({
      query,
      extensions: { persistedQuery: { version: 2, sha256Hash: sha256(query) } },
    })
    expect(badVersion.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_SUPPORTED')
  })
})

describe('GraphQL schema download', () => {
  it("graphql: the SDL is downloadable per key — when a key reads /api/graphql/schema.graphql, then it gets its own schema's SDL, and a key restricted to tags sees no article", async () => {
    const sdl = async (key: string, base = testEnv().gatewayUrl) => {
      const response = await fetch(`${base}/api/graphql/schema.graphql`, {
        headers: { 'x-api-key': key },
      })
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        text: await response.text(),
      }
    }
    const full = await sdl(site.adminKey)
    expect(full.status).toBe(200)
    expect(full.type).toMatch(/^text\/plain/)
    expect(full.text).toMatch(/^type Query \{$/m)
    expect(full.text).toMatch(/^type Article \{$/m)
    expect(full.text).toMatch(/articleList\(/)
    const created = await site.api('POST', '/api/keys', {
      body: { name: 'tags only', role: 'viewer', types: ['tag'] },
    })
    expect(created.status).toBe(201)
    const tagsOnly = await sdl((created.body as { key: string }).key)
    expect(tagsOnly.text).toMatch(/^type Tag \{$/m)
    expect(tagsOnly.text).not.toMatch(/Article/)
    const off = await sdl(site.adminKey, quiet.gatewayUrl)
    expect(off.status).toBe(403)
    expect(JSON.parse(off.text)).toMatchObject({ error: { code: 'FORBIDDEN' } })
  })
  it("graphql: the SDL is downloadable per key — when /docs shows a key's document, then its page offers that key's schema file", async () => {
    const base = testEnv().gatewayUrl
    const page = await (await fetch(`${base}/docs`)).text()
    expect(page).toMatch(/<a id="docs-sdl" download="schema.graphql" hidden>/)
    const script = await (await fetch(`${base}/docs/assets/docs.js`)).text()
    expect(script).toContain(
      "fetch('/api/graphql/schema.graphql', { headers: { 'x-api-key': key } })",
    )
  })
})
