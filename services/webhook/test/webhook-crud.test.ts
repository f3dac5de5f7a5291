import { describe, expect, it } from 'vitest'
import { ENTRY_EVENTS } from '@cms/events'
import { testEnv } from '@cms/testkit'
import { webhookApi } from './support/clients.ts'

const webhookUrl = () => testEnv().webhookUrl

describe('webhook CRUD', () => {
  it('when a webhook is created with only a url, then it gets all five events, all types and no secret', async () => {
    const api = webhookApi().api
    const created = await api('POST', '/api/webhooks', { body: { url: 'http://127.0.0.1:9/hook' } })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: '127.0.0.1:9',
      url: 'http://127.0.0.1:9/hook',
      events: [...ENTRY_EVENTS],
      contentTypes: null,
      hasSecret: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })
  })

  it('when a webhook has a secret, then no response ever shows it, only hasSecret', async () => {
    const api = webhookApi().api
    const body = {
      name: 'Build',
      url: 'https://hooks.example.com/x',
      secret: 'top-secret-value',
      events: ['entry.publish'],
    }
    const created = await api('POST', '/api/webhooks', { body })
    expect(created.status).toBe(201)
    expect(created.body.hasSecret).toBe(true)
    const id = created.body.id
    const responses = [
      created,
      await api('GET', `/api/webhooks/${id}`),
      await api('GET', '/api/webhooks'),
      await api('PATCH', `/api/webhooks/${id}`, { body: { name: 'Renamed' } }),
    ]
    for (const response of responses) {
      expect(response.status).toBeLessThan(300)
      expect(response.text).not.toContain('top-secret-value')
      expect(response.text).not.toContain('"secret"')
    }
    expect(responses[2]!.body).toEqual({ docs: [expect.objectContaining({ id, hasSecret: true })] })
  })

  it('when a webhook is patched, then each sent member is replaced and the others stay', async () => {
    const api = webhookApi().api
    const { body: created } = await api('POST', '/api/webhooks', {
      body: {
        name: 'A',
        url: 'https://a.example.com/',
        secret: 's',
        events: ['entry.create', 'entry.update'],
        contentTypes: ['article'],
      },
    })
    const patched = await api('PATCH', `/api/webhooks/${created.id}`, {
      body: { events: ['entry.delete'], secret: null },
    })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({
      name: 'A',
      events: ['entry.delete'],
      contentTypes: ['article'],
      hasSecret: false,
    })
    const cleared = await api('PATCH', `/api/webhooks/${created.id}`, {
      body: { contentTypes: null },
    })
    expect(cleared.body.contentTypes).toBeNull()
    expect((await api('GET', `/api/webhooks/${created.id}`)).body).toEqual(cleared.body)
  })

  it('when a webhook is deleted, then it answers 204 and is gone', async () => {
    const api = webhookApi().api
    const { body: created } = await api('POST', '/api/webhooks', {
      body: { url: 'https://a.example.com/' },
    })
    const deleted = await api('DELETE', `/api/webhooks/${created.id}`)
    expect(deleted.status).toBe(204)
    expect(deleted.text).toBe('')
    expect((await api('GET', `/api/webhooks/${created.id}`)).status).toBe(404)
    expect((await api('DELETE', `/api/webhooks/${created.id}`)).status).toBe(404)
  })

  it('when another website asks for a webhook by id, then it is not found for them', async () => {
    const owner = webhookApi().api
    const stranger = webhookApi().api
    const { body: created } = await owner('POST', '/api/webhooks', {
      body: { url: 'https://a.example.com/' },
    })
    for (const [method, path] of [
      ['GET', `/api/webhooks/${created.id}`],
      ['PATCH', `/api/webhooks/${created.id}`],
      ['DELETE', `/api/webhooks/${created.id}`],
      ['GET', `/api/webhooks/${created.id}/deliveries`],
      ['POST', `/api/webhooks/${created.id}/test`],
    ] as const) {
      const response = await stranger(
        method,
        path,
        method === 'PATCH' ? { body: { name: 'x' } } : {},
      )
      expect(response.status, `${method} ${path}`).toBe(404)
      expect(response.body.error.code).toBe('NOT_FOUND')
    }
    expect((await stranger('GET', '/api/webhooks')).body).toEqual({ docs: [] })
    expect((await owner('GET', `/api/webhooks/${created.id}`)).body.name).toBe('a.example.com')
  })

  it('when the input is invalid, then the answer is 422 with every problem in details', async () => {
    const api = webhookApi().api
    const response = await api('POST', '/api/webhooks', {
      body: {
        url: 'ftp://example.com',
        events: ['entry.nope'],
        contentTypes: 'article',
        colour: 'red',
      },
    })
    expect(response.status).toBe(422)
    expect(response.body.error.code).toBe('VALIDATION_ERROR')
    expect(response.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'colour',
      'contentTypes',
      'events[0]',
      'url',
    ])
  })

  it.each([
    [
      'malformed JSON',
      { rawBody: '{"url":', headers: { 'content-type': 'application/json' } },
      422,
    ],
    [
      'a non-JSON body',
      { rawBody: 'url=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      415,
    ],
    ['an array body', { body: [] }, 422],
  ])(
    'when the body is %s, then the answer is %i in the error shape',
    async (_label, options, status) => {
      const response = await webhookApi().api('POST', '/api/webhooks', options)
      expect(response.status).toBe(status)
      expect(response.body.error).toEqual(
        expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
      )
    },
  )

  it('when a read key calls, then the answer is 403', async () => {
    const response = await webhookApi(webhookUrl(), { scope: 'read' }).api('GET', '/api/webhooks')
    expect(response.status).toBe(403)
    expect(response.body.error.code).toBe('FORBIDDEN')
  })

  it('when the internal credential is missing, then the answer is 401', async () => {
    const response = await fetch(`${webhookUrl()}/api/webhooks`)
    expect(response.status).toBe(401)
  })

  it('when a route exists but not for the method, then the answer is 405 in the error shape', async () => {
    const response = await webhookApi().api('PUT', '/api/webhooks')
    expect(response.status).toBe(405)
    expect(response.body.error.code).toBe('METHOD_NOT_ALLOWED')
  })

  it('when the delivery log is paged with a bad limit, then the answer is 422', async () => {
    const api = webhookApi().api
    const { body: created } = await api('POST', '/api/webhooks', {
      body: { url: 'https://a.example.com/' },
    })
    const response = await api('GET', `/api/webhooks/${created.id}/deliveries?limit=101`)
    expect(response.status).toBe(422)
    const empty = await api('GET', `/api/webhooks/${created.id}/deliveries`)
    expect(empty.body).toMatchObject({ docs: [], totalDocs: 0, page: 1, limit: 20 })
  })
})
