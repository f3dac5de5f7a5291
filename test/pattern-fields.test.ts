import { beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { defineType, expectStatus } from './content-fixtures.ts'

/** `pattern` on text fields: RE2 syntax run by re2js, linear in the value (docs/schema.md). */
let site: TestWebsite

const SKU = '^[A-Z]{3}-[0-9]{4}$'
const SKU_MESSAGE = 'must look like ABC-1234'

beforeAll(async () => {
  site = await createTestWebsite()
  await defineType(site.api, {
    name: 'product',
    titleField: 'name',
    fields: [
      { name: 'name', type: 'text' },
      { name: 'sku', type: 'text', pattern: SKU, patternMessage: SKU_MESSAGE },
      { name: 'code', type: 'textarea', pattern: '^(a+)+$' },
      { name: 'plain', type: 'text', pattern: '^[a-z]+$' },
    ],
  })
})

const create = (data: Record<string, unknown>) =>
  site.api('POST', '/api/content', { body: { type: 'product', data } })

describe('pattern on values', () => {
  it('pattern: values must match — when a value matches the pattern, then 201; when it does not, then 422 with the patternMessage at data.sku', async () => {
    const made = await expectStatus(create({ name: 'Lamp', sku: 'LMP-0042' }), 201)
    expect(made.body.data.sku).toBe('LMP-0042')
    const refused = await create({ name: 'Lamp', sku: 'lmp-42' })
    expect(refused.status).toBe(422)
    expect(refused.body.error.code).toBe('VALIDATION_ERROR')
    expect(refused.body.error.details).toContainEqual({ path: 'data.sku', message: SKU_MESSAGE })
    // The pattern holds on PATCH too, and a field without patternMessage names its pattern.
    const patched = await site.api('PATCH', `/api/content/${made.body.id}`, {
      body: { data: { sku: 'nope', plain: 'ABC' } },
    })
    expect(patched.status).toBe(422)
    expect(patched.body.error.details).toContainEqual({ path: 'data.sku', message: SKU_MESSAGE })
    expect(patched.body.error.details).toContainEqual({
      path: 'data.plain',
      message: expect.stringContaining('^[a-z]+$'),
    })
  })

  it('pattern: matching takes linear time — when a 100 KB value meets ^(a+)+$, then the write answers 422 (RE2 never backtracks)', async () => {
    const hostile = `${'a'.repeat(100 * 1024 - 1)}!`
    const refused = await create({ code: hostile })
    expect(refused.status).toBe(422)
    expect(refused.body.error.details[0].path).toBe('data.code')
    // The same pattern accepts a value it matches, of the same size.
    await expectStatus(create({ code: 'a'.repeat(100 * 1024) }), 201)
  })
})

describe('pattern in the definition', () => {
  it('pattern: RE2 syntax, checked when the type is saved — when a pattern has a backreference or a lookahead, then 422 at fields[i].pattern and no type is made', async () => {
    const refused = await site.api('POST', '/api/content-types', {
      body: {
        name: 'hostile',
        fields: [
          { name: 'ok', type: 'text', pattern: '^[a-z]+$' },
          { name: 'backreference', type: 'text', pattern: '(a)\\1' },
          { name: 'lookahead', type: 'text', pattern: '(?=a)a' },
        ],
      },
    })
    expect(refused.status).toBe(422)
    const paths = refused.body.error.details.map((detail: { path: string }) => detail.path)
    expect(paths).toContain('fields[1].pattern')
    expect(paths).toContain('fields[2].pattern')
    expect(paths).not.toContain('fields[0].pattern')
    await expectStatus(site.api('GET', '/api/content-types/hostile'), 404)
    // A PATCH is checked the same way, and the type keeps its pattern.
    const patched = await site.api('PATCH', '/api/content-types/product', {
      body: { fields: [{ name: 'sku', type: 'text', pattern: '(?<=x)y' }] },
    })
    expect(patched.status).toBe(422)
    expect(patched.body.error.details.map((d: { path: string }) => d.path)).toContain(
      'fields[0].pattern',
    )
    const type = await expectStatus(site.api('GET', '/api/content-types/product'), 200)
    expect(type.body.fields[1].pattern).toBe(SKU)
  })
})
