import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildSchema, GraphQLObjectType } from 'graphql'
import type { GraphQLSchema } from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCmsAdminClient, createCmsClient } from '@cms/client'
import { createTestWebsite, testEnv } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { runCli } from '../apps/cli/src/run-cli.ts'
import { launchExtraGateway } from './extra-gateway-kit.ts'
import type { ExtraGateway } from './extra-gateway-kit.ts'

let dir: string
let site: TestWebsite
/** A gateway with introspection switched off, beside the stack's. */
let quiet: ExtraGateway

/** Runs `cms` against `base` with the admin token: its exit code and output. */
async function cms(args: string[], base = testEnv().gatewayUrl) {
  let stdout = ''
  let stderr = ''
  const code = await runCli(args, {
    env: { CMS_URL: base, CMS_ADMIN_TOKEN: testEnv().adminToken },
    stdout: { write: (text: string | Uint8Array) => ((stdout += String(text)), true) },
    stderr: { write: (text: string | Uint8Array) => ((stderr += String(text)), true) },
  })
  return { code, stdout, stderr }
}

/** The fields of `type` in `schema`, each with its printed type. */
function fieldsOf(schema: GraphQLSchema, type: string): Record<string, string> {
  const found = schema.getType(type)
  expect(found).toBeInstanceOf(GraphQLObjectType)
  return Object.fromEntries(
    Object.values((found as GraphQLObjectType).getFields()).map((field) => [
      field.name,
      String(field.type),
    ]),
  )
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cms-graphql-sdl-'))
  ;[site, quiet] = await Promise.all([
    createTestWebsite(),
    launchExtraGateway('graphql-sdl', { GRAPHQL_INTROSPECTION: 'false' }),
  ])
  const api = createCmsClient({ baseUrl: testEnv().gatewayUrl, apiKey: site.adminKey })
  await api.contentTypes.create({
    name: 'person',
    titleField: 'name',
    fields: [{ name: 'name', type: 'text', required: true }],
  })
  await api.contentTypes.create({
    name: 'blog-post',
    titleField: 'title',
    fields: [
      { name: 'title', type: 'text', required: true },
      { name: 'views', type: 'integer', min: 0, max: 1000 },
      { name: 'author', type: 'relation', target: 'person' },
    ],
  })
}, 240_000)

afterAll(async () => {
  await quiet?.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('cms types --format graphql', () => {
  it("admin: the command line writes types — when --format graphql --out is given, then the file is the website's GraphQL SDL: it parses with buildSchema and names the website's types and their fields", async () => {
    const file = join(dir, 'schema.graphql')
    const written = await cms([
      'types',
      '--website',
      site.websiteId,
      '--format',
      'graphql',
      '--out',
      file,
      '--json',
    ])
    expect({ code: written.code, stderr: written.stderr }).toEqual({ code: 0, stderr: '' })
    expect(JSON.parse(written.stdout)).toEqual({
      websiteId: site.websiteId,
      file,
      format: 'graphql',
      contentTypes: expect.arrayContaining(['person', 'blog-post']),
    })
    const schema = buildSchema(readFileSync(file, 'utf8'))
    expect(fieldsOf(schema, 'BlogPost').data).toMatch(/^BlogPostData!?$/)
    const post = fieldsOf(schema, 'BlogPostData')
    expect(post.title).toMatch(/^String!?$/)
    expect(post.views).toMatch(/^Int!?$/)
    expect(post.author).toMatch(/^Person!?$/)
    expect(fieldsOf(schema, 'PersonData').name).toMatch(/^String!?$/)
    expect(Object.keys(fieldsOf(schema, 'Query'))).toEqual(
      expect.arrayContaining(['blogPost', 'blogPostList', 'person', 'personList']),
    )
  })

  it('admin: the command line writes types — when --format graphql has no --out, then the SDL goes to stdout; an unknown --format is a usage error', async () => {
    const printed = await cms(['types', '--website', site.websiteId, '--format', 'graphql'])
    expect(printed.code).toBe(0)
    expect(Object.keys(fieldsOf(buildSchema(printed.stdout), 'BlogPostData'))).toContain('views')
    const wrong = await cms(['types', '--website', site.websiteId, '--format', 'yaml'])
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toMatch(/--format is ts or graphql/)
  })

  it("graphql: operators read a website's SDL — when the admin route is called without a token, then 401; with the admin token on a gateway with introspection off, then the owner's SDL", async () => {
    const path = `/admin/api/websites/${site.websiteId}/graphql/schema.graphql`
    const anonymous = await fetch(`${testEnv().gatewayUrl}${path}`)
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } })
    const keyRefused = await fetch(`${quiet.gatewayUrl}/api/graphql/schema.graphql`, {
      headers: { 'x-api-key': site.adminKey },
    })
    expect(keyRefused.status).toBe(403)
    const answer = await fetch(`${quiet.gatewayUrl}${path}`, {
      headers: { authorization: `Bearer ${testEnv().adminToken}` },
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(Object.keys(fieldsOf(buildSchema(await answer.text()), 'BlogPostData'))).toEqual(
      expect.arrayContaining(['title', 'views', 'author']),
    )
    const admin = createCmsAdminClient({
      baseUrl: quiet.gatewayUrl,
      token: testEnv().adminToken,
    })
    expect(await admin.websites.graphqlSchema(site.websiteId)).toMatch(/^type BlogPost \{$/m)
    const missing = await fetch(
      `${testEnv().gatewayUrl}/admin/api/websites/00000000-0000-4000-8000-000000000000/graphql/schema.graphql`,
      { headers: { authorization: `Bearer ${testEnv().adminToken}` } },
    )
    expect(missing.status).toBe(404)
  })
})
