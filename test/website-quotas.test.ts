import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { definitionSize } from '@cms/content-model'
import type { ContentTypeDefinition } from '@cms/content-model'
import { jsonClient } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { makeImage, uploadTo } from './media-kit.ts'
import { launchWebhookGateway } from './webhooks-stack.ts'
import type { WebhookGateway } from './webhooks-stack.ts'

let stack: WebhookGateway
let admin: ApiCall
beforeAll(async () => {
  stack = await launchWebhookGateway({ allowPrivateTargets: false })
  admin = jsonClient(stack.services.gatewayUrl, {
    authorization: `Bearer ${stack.services.adminToken}`,
  })
}, 180_000)
afterAll(async () => {
  await stack?.stop()
})

const PUBLIC_TARGET = 'https://93.184.215.14/hook'

async function setQuotas(websiteId: string, quotas: Record<string, number | null>) {
  const response = await admin('PATCH', `/admin/api/websites/${websiteId}/quotas`, {
    body: quotas,
  })
  expect(response.status, response.text).toBe(200)
  return response.body.quotas
}

async function quotasOf(websiteId: string) {
  const response = await admin('GET', `/admin/api/websites/${websiteId}/quotas`)
  expect(response.status, response.text).toBe(200)
  return response.body.quotas
}

/** The gateway caches a website's quotas like key lookups; the override applies at once on this instance. */
function expectQuotaError(
  response: { status: number; body: any; text: string },
  status: number,
  name: string,
  limit: number,
  usage: number,
) {
  expect(response.status, response.text).toBe(status)
  expect(response.body.error.code).toBe(status === 409 ? 'CONFLICT' : 'VALIDATION_ERROR')
  expect(response.body.error.message).toContain(`at most ${limit}`)
  expect(response.body.error.details).toEqual([
    { path: `quota.${name}`, message: `limit ${limit}, usage ${usage}` },
  ])
}

const select = (name: string, options: number) => ({
  name,
  type: 'select',
  options: Array.from({ length: options }, (_, i) => `o${i}`),
})

describe('per-website quotas', () => {
  it('when no override is set, then the defaults apply and are shown with the usage', async () => {
    const { websiteId } = await stack.website()
    const quotas = await quotasOf(websiteId)
    expect(quotas.webhooks).toEqual({ limit: 100, default: 100, override: null, usage: 0 })
    expect(quotas.contentTypes).toMatchObject({ limit: 100, override: null, usage: 1 })
    expect(quotas.fieldsPerType).toMatchObject({ limit: 100, usage: 1 })
    expect(quotas.optionsPerField).toMatchObject({ limit: 200, usage: 0 })
    expect(quotas.definitionBytes.limit).toBe(65_536)
    expect(quotas.definitionBytes.usage).toBeGreaterThan(0)
    expect(quotas.locales).toEqual({ limit: 30, default: 30, override: null, usage: 1 })
    expect(quotas.mediaBytes).toEqual({
      limit: 1024 ** 3,
      default: 1024 ** 3,
      override: null,
      usage: 0,
    })
  })

  it('when the webhook quota is reached, then one more is 409 naming limit and usage and nothing is stored', async () => {
    const { websiteId, api } = await stack.website()
    await setQuotas(websiteId, { webhooks: 2 })
    for (let i = 0; i < 2; i++) {
      const created = await api('POST', '/api/webhooks', {
        body: { url: PUBLIC_TARGET, contentTypes: ['none'] },
      })
      expect(created.status, created.text).toBe(201)
    }
    const refused = await api('POST', '/api/webhooks', { body: { url: PUBLIC_TARGET } })
    expectQuotaError(refused, 409, 'webhooks', 2, 2)
    expect((await api('GET', '/api/webhooks')).body.docs).toHaveLength(2)
    expect((await quotasOf(websiteId)).webhooks).toEqual({
      limit: 2,
      default: 100,
      override: 2,
      usage: 2,
    })
  })

  it('when the locale quota is reached, then a list that long is accepted; a longer one is 409 naming limit and usage and the list is unchanged', async () => {
    const { websiteId, api } = await stack.website()
    await setQuotas(websiteId, { locales: 2 })
    const en = { code: 'en', default: true }
    const two = await api('PUT', '/api/locales', { body: { locales: [en, { code: 'fr' }] } })
    expect(two.status, two.text).toBe(200)
    const three = await api('PUT', '/api/locales', {
      body: { locales: [en, { code: 'fr' }, { code: 'de' }] },
    })
    expectQuotaError(three, 409, 'locales', 2, 3)
    expect((await api('GET', '/api/locales')).body.locales).toHaveLength(2)
    expect((await quotasOf(websiteId)).locales).toEqual({
      limit: 2,
      default: 30,
      override: 2,
      usage: 2,
    })
  })

  it('when the media byte quota is reached, then uploads up to it are accepted; one past it is 409 naming limit and usage, and nothing of it is kept', async () => {
    const { websiteId, api, key } = await stack.website()
    const image = await makeImage()
    const size = image.length
    const send = async (name: string) => {
      const answer = await uploadTo(stack.services.gatewayUrl, key, {
        bytes: image,
        name,
        type: 'image/png',
      })
      return { ...answer, text: JSON.stringify(answer.body) }
    }
    await setQuotas(websiteId, { mediaBytes: 2 * size })
    for (const name of ['a.png', 'b.png']) expect((await send(name)).status).toBe(201)
    expectQuotaError(await send('c.png'), 409, 'mediaBytes', 2 * size, 2 * size)
    expect((await quotasOf(websiteId)).mediaBytes).toEqual({
      limit: 2 * size,
      default: 1024 ** 3,
      override: 2 * size,
      usage: 2 * size,
    })
    // Room for part of one more: refused once its size is known, its bytes removed.
    await setQuotas(websiteId, { mediaBytes: 3 * size - 1 })
    expectQuotaError(await send('d.png'), 409, 'mediaBytes', 3 * size - 1, 3 * size)
    expect((await api('GET', '/api/media')).body.totalDocs).toBe(2)
    expect((await quotasOf(websiteId)).mediaBytes.usage).toBe(2 * size)
  })

  it('when the content type quota is reached, then one more is 409 and the list is unchanged', async () => {
    const { websiteId, api } = await stack.website()
    await setQuotas(websiteId, { contentTypes: 2 })
    const second = await api('POST', '/api/content-types', { body: { name: 'second' } })
    expect(second.status, second.text).toBe(201)
    const refused = await api('POST', '/api/content-types', { body: { name: 'third' } })
    expectQuotaError(refused, 409, 'contentTypes', 2, 2)
    const listed = await api('GET', '/api/content-types')
    expect(listed.body.docs.map((t: { name: string }) => t.name)).toEqual(['article', 'second'])
    expect((await api('GET', '/api/content-types/third')).status).toBe(404)
    expect((await quotasOf(websiteId)).contentTypes).toMatchObject({ limit: 2, usage: 2 })
  })

  it('when a definition has as many fields as the quota, then it is accepted; one more field is 422 on create and on PATCH', async () => {
    const { websiteId, api } = await stack.website()
    await setQuotas(websiteId, { fieldsPerType: 3 })
    const fields = ['a', 'b', 'c'].map((name) => ({ name, type: 'text' }))
    const atLimit = await api('POST', '/api/content-types', { body: { name: 'three', fields } })
    expect(atLimit.status, atLimit.text).toBe(201)
    const over = [...fields, { name: 'd', type: 'text' }]
    expectQuotaError(
      await api('POST', '/api/content-types', { body: { name: 'four', fields: over } }),
      422,
      'fieldsPerType',
      3,
      4,
    )
    expectQuotaError(
      await api('PATCH', '/api/content-types/three', { body: { fields: over } }),
      422,
      'fieldsPerType',
      3,
      4,
    )
    expect((await api('GET', '/api/content-types/three')).body.fields).toHaveLength(3)
    expect((await quotasOf(websiteId)).fieldsPerType).toMatchObject({ limit: 3, usage: 3 })
  })

  it('when a select has as many options as the quota, then it is accepted; one more option is 422', async () => {
    const { websiteId, api } = await stack.website()
    await setQuotas(websiteId, { optionsPerField: 2 })
    const atLimit = await api('POST', '/api/content-types', {
      body: { name: 'menu', fields: [select('pick', 2)] },
    })
    expect(atLimit.status, atLimit.text).toBe(201)
    const refused = await api('POST', '/api/content-types', {
      body: { name: 'menu2', fields: [select('pick', 3)] },
    })
    expectQuotaError(refused, 422, 'optionsPerField', 2, 3)
    expect((await api('GET', '/api/content-types/menu2')).status).toBe(404)
    expect((await quotasOf(websiteId)).optionsPerField).toMatchObject({ limit: 2, usage: 2 })
  })

  it('when a definition is exactly the byte quota, then it is accepted; one byte more is 422', async () => {
    const { websiteId, api } = await stack.website()
    const definition = (name: string, description: string): ContentTypeDefinition =>
      ({ name, label: name, description, fields: [] }) as ContentTypeDefinition
    const limit = definitionSize(definition('sized', 'x'.repeat(300))).bytes
    await setQuotas(websiteId, { definitionBytes: limit })
    const atLimit = await api('POST', '/api/content-types', {
      body: definition('sized', 'x'.repeat(300)),
    })
    expect(atLimit.status, atLimit.text).toBe(201)
    const refused = await api('POST', '/api/content-types', {
      body: definition('sizex', 'x'.repeat(301)),
    })
    expectQuotaError(refused, 422, 'definitionBytes', limit, limit + 1)
    expect((await quotasOf(websiteId)).definitionBytes).toMatchObject({ limit, usage: limit })
  })

  it('when an override is cleared with null, then the default applies again', async () => {
    const { websiteId } = await stack.website()
    await setQuotas(websiteId, { webhooks: 1 })
    const quotas = await setQuotas(websiteId, { webhooks: null })
    expect(quotas.webhooks).toMatchObject({ limit: 100, override: null })
  })

  it('when an override is not an integer within its ceiling or names no quota, then 422 and nothing changes', async () => {
    const { websiteId } = await stack.website()
    for (const body of [
      { webhooks: -1 },
      { webhooks: 1.5 },
      { fieldsPerType: 201 },
      { pages: 3 },
    ]) {
      const response = await admin('PATCH', `/admin/api/websites/${websiteId}/quotas`, { body })
      expect(response.status, response.text).toBe(422)
      expect(response.body.error.code).toBe('VALIDATION_ERROR')
    }
    expect((await quotasOf(websiteId)).webhooks.override).toBeNull()
  })
})
