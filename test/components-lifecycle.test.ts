import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { adminClient, apiClient, createTestWebsite, testEnv, waitFor } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { expectStatus } from './content-fixtures.ts'

const SEO = {
  name: 'seo',
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'author', type: 'relation', target: 'author' },
  ],
}
const QUOTE = { name: 'quote', fields: [{ name: 'text', type: 'textarea', required: true }] }
const HERO = {
  name: 'hero',
  fields: [
    { name: 'heading', type: 'text' },
    { name: 'seo', type: 'component', component: 'seo' },
  ],
}
const LANDING = {
  name: 'landing',
  titleField: 'title',
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'seo', type: 'component', component: 'seo' },
    { name: 'sections', type: 'blocks', components: ['hero', 'quote'] },
  ],
}

const adminHeaders = () => ({ authorization: `Bearer ${testEnv().adminToken}` })

async function exportOf(websiteId: string): Promise<string> {
  const response = await fetch(`${testEnv().gatewayUrl}/admin/api/websites/${websiteId}/export`, {
    headers: adminHeaders(),
  })
  expect(response.status).toBe(200)
  return response.text()
}

async function importAs(name: string, body: string) {
  const response = await fetch(`${testEnv().gatewayUrl}/admin/api/websites/import?name=${name}`, {
    method: 'POST',
    headers: { ...adminHeaders(), 'content-type': 'application/x-ndjson' },
    body,
  })
  return { status: response.status, body: (await response.json()) as any }
}

async function purged(websiteId: string) {
  expect((await adminClient()('DELETE', `/admin/api/websites/${websiteId}`)).status).toBe(204)
  await waitFor(
    async () => {
      const progress = await adminClient()('GET', `/admin/api/purges/${websiteId}`)
      return progress.body.state === 'done' ? true : undefined
    },
    { timeoutMs: 90_000, what: `the purge of ${websiteId}` },
  )
}

async function adminKeyOf(websiteId: string): Promise<ApiCall> {
  const key = await adminClient()('POST', `/admin/api/websites/${websiteId}/keys`, {
    body: { scope: 'admin', rateLimit: { perMinute: 1_000_000, perDay: 100_000_000 } },
  })
  expect(key.status).toBe(201)
  return apiClient(key.body.key)
}

const schemaLines = (ndjson: string) =>
  ndjson
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((line) => line.service === 'schema' && line.collection === 'content_types')

/** A website with the landing type, its components (one inside another) and one page. */
async function landingSite() {
  const site = await createTestWebsite()
  await expectStatus(site.api('POST', '/api/content-types', { body: { name: 'author' } }), 201)
  for (const body of [SEO, QUOTE, HERO])
    await expectStatus(site.api('POST', '/api/components', { body }), 201)
  await expectStatus(site.api('POST', '/api/content-types', { body: LANDING }), 201)
  await expectStatus(
    site.api('PATCH', '/api/components/quote', { body: { label: 'Quotation' } }),
    200,
  )
  const author = await expectStatus(
    site.api('POST', '/api/content', { body: { type: 'author', data: {} } }),
    201,
  )
  const data = {
    title: 'Home',
    seo: { title: 'Welcome', author: author.body.id },
    sections: [
      { __component: 'hero', heading: 'Hi', seo: { title: 'Hero' } },
      { __component: 'quote', text: 'Less is more' },
    ],
  }
  const page = await expectStatus(
    site.api('POST', '/api/content', { body: { type: 'landing', data } }),
    201,
  )
  return { site, page: page.body, data }
}

describe('components in a website export and import', () => {
  it('lifecycle: an export carries components before the types — when a website with components is exported and imported, then its components come first among the schema lines, and the copy has the same components, types and documents, whose next writes are checked against its components', async () => {
    const { site, page, data } = await landingSite()
    const exported = await exportOf(site.websiteId)
    const records = schemaLines(exported).map((line) => line.record)
    expect(records.map((record) => [record.kind ?? 'type', record.name])).toEqual([
      ['component', 'hero'],
      ['component', 'quote'],
      ['component', 'seo'],
      ['type', 'author'],
      ['type', 'landing'],
    ])

    const paths = ['/api/components', '/api/content-types', '/api/components/quote']
    const before = await Promise.all(paths.map(async (path) => (await site.api('GET', path)).text))
    await purged(site.websiteId)
    const imported = await importAs(`copy-${Date.now()}`, exported)
    expect(imported.status, JSON.stringify(imported.body)).toBe(201)
    const copy = await adminKeyOf(imported.body.website.id)
    for (const [i, path] of paths.entries())
      expect((await copy('GET', path)).text, path).toBe(before[i])
    const read = await copy('GET', `/api/content/${page.id}?draft=true`)
    expect(read.status).toBe(200)
    expect(read.body.data).toEqual(data)

    const refused = await copy('PATCH', `/api/content/${page.id}`, {
      body: { data: { sections: [{ __component: 'quote' }, { __component: 'seo' }] } },
    })
    expect(refused.status).toBe(422)
    expect(refused.body.error.details.map((detail: { path: string }) => detail.path)).toEqual([
      'data.sections[0].text',
      'data.sections[1].__component',
    ])
    await expectStatus(copy('POST', '/api/components', { body: { name: 'seo' } }), 409)
  })

  it('lifecycle: an import trusts no record — when an imported component record carries a member only a content type has, then the import is 422 naming its line and nothing is created', async () => {
    const { site } = await landingSite()
    const lines = (await exportOf(site.websiteId)).trimEnd().split('\n')
    const at = lines.findIndex((line) => line.includes('"kind":"component"'))
    const line = JSON.parse(lines[at]!)
    line.record.slugField = 'heading'
    lines[at] = JSON.stringify(line)
    // Another website's export, as far as the installation can tell.
    const header = JSON.parse(lines[0]!)
    header.website.id = randomUUID()
    lines[0] = JSON.stringify(header)
    const name = `bad-${Date.now()}`
    const refused = await importAs(name, `${lines.join('\n')}\n`)
    expect(refused.status).toBe(422)
    expect(JSON.stringify(refused.body.error)).toContain(`line ${at + 1}`)
    expect(JSON.stringify(refused.body.error)).toContain('slugField')
    const websites = await adminClient()('GET', '/admin/api/websites')
    expect(websites.body.docs.map((website: { name: string }) => website.name)).not.toContain(name)
  })
})
