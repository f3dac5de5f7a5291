import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSchemaService } from '../src/main.ts'
import { websiteClient } from './support/schema-client.ts'
import { startSchema } from './support/start-schema.ts'

let schema: RunningSchemaService

beforeAll(async () => {
  // A service of this file's own, so its command counters hold only this file's requests.
  schema = await startSchema()
})
afterAll(async () => {
  await schema?.stop()
})

const SAMPLE = /^mongodb_commands_total\{([^}]*)\}\s+([0-9.e+]+)$/gm

/** Request-path commands sent so far, by `<command> <collection>`. */
async function commandCounts(): Promise<Map<string, number>> {
  const text = await (await fetch(`${schema.metricsUrl}/metrics`)).text()
  const counts = new Map<string, number>()
  for (const [, labels, value] of text.matchAll(SAMPLE)) {
    const label = Object.fromEntries(
      [...labels!.matchAll(/(\w+)="([^"]*)"/g)].map(([, key, val]) => [key, val]),
    )
    if (label.origin !== 'request') continue
    const key = `${label.command} ${label.collection}`
    counts.set(key, (counts.get(key) ?? 0) + Number(value))
  }
  return counts
}

/** The commands `run` sent, by `<command> <collection>` (none: absent). */
async function commandsOf(run: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = await commandCounts()
  await run()
  const after = await commandCounts()
  const sent: Record<string, number> = {}
  for (const [key, value] of after) {
    const delta = value - (before.get(key) ?? 0)
    if (delta > 0) sent[key] = delta
  }
  return sent
}

async function websiteWith(count: number) {
  const website = websiteClient(schema.url)
  for (let i = 0; i < count; i++) {
    const created = await website.admin('POST', '/api/content-types', {
      body: { name: `type-${i}`, fields: [{ name: 'title', type: 'text' }] },
    })
    expect(created.status).toBe(201)
  }
  return website
}

describe('GET /internal/field-declarations', () => {
  it('when types have relation fields, then each relation carries target and many, other fields name and type only', async () => {
    const { admin } = websiteClient(schema.url)
    await admin('POST', '/api/content-types', {
      body: { name: 'person', fields: [{ name: 'name', type: 'text', label: 'Name' }] },
    })
    const created = await admin('POST', '/api/content-types', {
      body: {
        name: 'article',
        fields: [
          { name: 'title', type: 'text', required: true, maxLength: 80 },
          { name: 'author', type: 'relation', target: 'person', label: 'Author', required: true },
          { name: 'related', type: 'relation', target: 'article', many: true },
          { name: 'kind', type: 'select', options: ['news'] },
        ],
      },
    })
    expect(created.status, created.text).toBe(201)
    const declared = await admin('GET', '/internal/field-declarations')
    expect(declared.status).toBe(200)
    expect(declared.body).toEqual({
      docs: [
        {
          name: 'article',
          fields: [
            { name: 'title', type: 'text' },
            { name: 'author', type: 'relation', target: 'person', many: false },
            { name: 'related', type: 'relation', target: 'article', many: true },
            { name: 'kind', type: 'select' },
          ],
        },
        { name: 'person', fields: [{ name: 'name', type: 'text' }] },
      ],
      locales: [{ code: 'en', default: true }],
    })
  })

  it('when a relation field changes its target and many, then the declarations follow at once', async () => {
    const { admin } = websiteClient(schema.url)
    await admin('POST', '/api/content-types', { body: { name: 'person' } })
    await admin('POST', '/api/content-types', { body: { name: 'team' } })
    await admin('POST', '/api/content-types', {
      body: { name: 'article', fields: [{ name: 'by', type: 'relation', target: 'person' }] },
    })
    const patched = await admin('PATCH', '/api/content-types/article', {
      body: { fields: [{ name: 'by', type: 'relation', target: 'team', many: true }] },
    })
    expect(patched.status, patched.text).toBe(200)
    const declared = await admin('GET', '/internal/field-declarations')
    expect(declared.body.docs[0]).toEqual({
      name: 'article',
      fields: [{ name: 'by', type: 'relation', target: 'team', many: true }],
    })
  })
})

describe('the cost of relation checks', () => {
  const relatedType = {
    name: 'article',
    fields: [
      { name: 'a', type: 'relation', target: 'type-0' },
      { name: 'b', type: 'relation', target: 'type-29', many: true },
      { name: 'c', type: 'relation', target: 'article' },
    ],
  }

  it('when a type with relations is created in a website of 30 types, then it costs what a type without them costs: the index read the create already made', async () => {
    const { admin } = await websiteWith(30)
    const plain = await commandsOf(() =>
      admin('POST', '/api/content-types', { body: { name: 'plain' } }),
    )
    const related = await commandsOf(async () => {
      const created = await admin('POST', '/api/content-types', { body: relatedType })
      expect(created.status, created.text).toBe(201)
    })
    expect(related).toEqual(plain)
    const refused = await commandsOf(async () => {
      const response = await admin('POST', '/api/content-types', {
        body: { name: 'other', fields: [{ name: 'x', type: 'relation', target: 'nothing' }] },
      })
      expect(response.status).toBe(422)
    })
    expect(refused).toEqual({ 'find website_type_index': 1 })
  })

  it('when a PATCH sends relation fields, then one index read more than a PATCH without them; a PATCH leaving fields alone reads no index', async () => {
    const { admin } = await websiteWith(30)
    await admin('POST', '/api/content-types', { body: { name: 'article' } })
    const labelOnly = await commandsOf(() =>
      admin('PATCH', '/api/content-types/article', { body: { label: 'Article' } }),
    )
    expect(labelOnly['find website_type_index']).toBeUndefined()
    const related = await commandsOf(async () => {
      const patched = await admin('PATCH', '/api/content-types/article', {
        body: { fields: relatedType.fields },
      })
      expect(patched.status, patched.text).toBe(200)
    })
    expect(related).toEqual({
      ...labelOnly,
      'find website_type_index': 1,
    })
  })

  it('when a type targeted by another is deleted in a website of 30 types, then the refusal reads the type and the index, nothing else', async () => {
    const { admin } = await websiteWith(30)
    await admin('POST', '/api/content-types', { body: relatedType })
    const refused = await commandsOf(async () => {
      const response = await admin('DELETE', '/api/content-types/type-29')
      expect(response.status).toBe(409)
    })
    expect(refused).toEqual({ 'find content_types': 1, 'find website_type_index': 1 })
  })
})
