import { beforeAll, describe, expect, it } from 'vitest'
import { adminClient, createTestWebsite } from '@cms/testkit'
import type { ApiResponse, TestWebsite } from '@cms/testkit'

/** docs/api.md "Errors": every service names a nested problem with the same path syntax. */
let site: TestWebsite

beforeAll(async () => {
  site = await createTestWebsite()
  const note = { name: 'note', fields: [{ name: 'title', type: 'text' }] }
  expect((await site.api('POST', '/api/content-types', { body: note })).status).toBe(201)
})

type ErrorBody = { error: { code: string; details?: { path: string; message: string }[] } }

function detailsOf(response: ApiResponse<unknown>): { path: string; message: string }[] {
  expect(response.status).toBe(422)
  const body = response.body as ErrorBody
  expect(body.error.code).toBe('VALIDATION_ERROR')
  return body.error.details ?? []
}

describe('error detail paths', () => {
  it('errors: one path syntax — when a field definition of a content type is wrong, then the schema service names it fields[1].type', async () => {
    const body = {
      name: 'paths',
      fields: [
        { name: 'a', type: 'text' },
        { name: 'b', type: 'nope' },
      ],
    }
    const details = detailsOf(await site.api('POST', '/api/content-types', { body }))
    expect(details).toEqual([{ path: 'fields[1].type', message: expect.stringContaining('text') }])
  })

  it('errors: one path syntax — when a locale in the list has an unknown member, then the schema service names it locales[1].colour', async () => {
    const body = {
      locales: [
        { code: 'en', default: true },
        { code: 'fr', colour: 'red' },
      ],
    }
    const details = detailsOf(await site.api('PUT', '/api/locales', { body }))
    expect(details).toEqual([
      {
        path: 'locales[1].colour',
        message: 'is not accepted here (allowed: code, default, fallback)',
      },
    ])
  })

  it('errors: one path syntax — when a webhook lists an unknown event, then the webhook service names it events[1] with the allowed values', async () => {
    const body = { url: 'https://hooks.example.com/x', events: ['entry.create', 'entry.archive'] }
    const details = detailsOf(await site.api('POST', '/api/webhooks', { body }))
    expect(details).toEqual([
      { path: 'events[1]', message: expect.stringContaining('must be one of: entry.create') },
    ])
  })

  it('errors: one path syntax — when a document has a wrong value and an unknown member, then the content service names data.title and the member', async () => {
    const body = { type: 'note', data: { title: 5 }, extra: true }
    const first = detailsOf(await site.api('POST', '/api/content', { body }))
    expect(first).toEqual([
      { path: 'extra', message: 'is not accepted here (allowed: type, data, slug)' },
    ])
    const second = detailsOf(
      await site.api('POST', '/api/content', { body: { type: 'note', data: { title: 5 } } }),
    )
    expect(second.map((detail) => detail.path)).toEqual(['data.title'])
  })

  it('errors: one path syntax — when a key rate limit is not an integer, then the gateway admin API names rateLimit.perDay', async () => {
    const body = { scope: 'read', rateLimit: { perMinute: 10, perDay: 1.5 } }
    const response = await adminClient()('POST', `/admin/api/websites/${site.websiteId}/keys`, {
      body,
    })
    expect(detailsOf(response)).toEqual([
      { path: 'rateLimit.perDay', message: 'must be an integer' },
    ])
  })
})
