import { describe, expect, it } from 'vitest'
import { createCmsAccountClient } from './account-client.ts'
import { createCmsAdminClient } from './admin-client.ts'
import { createCmsClient } from './cms-client.ts'

/** A fetch that records each request's method, path and headers and answers `body`. */
function recorder(body: (path: string) => unknown = () => ({ docs: [] })) {
  const sent: { method: string; path: string; headers: Record<string, string> }[] = []
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    sent.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      headers: init?.headers as Record<string, string>,
    })
    const answer = body(url.pathname)
    return answer === undefined
      ? new Response(null, { status: 204 })
      : Response.json(answer, { status: 200 })
  }) as typeof globalThis.fetch
  return { sent, fetch }
}

const SESSION = {
  person: { id: 'p' },
  csrfToken: 'csrf-1',
  expiresAt: '2030-01-01T00:00:00.000Z',
  via: 'password',
}

describe('@cms/client session mode', () => {
  it('when the public client runs in a session, then every call names the website and only writes carry the CSRF token, never a key', async () => {
    const { sent, fetch } = recorder(() => ({ id: 'd', docs: [] }))
    const cms = createCmsClient({
      baseUrl: 'http://cms.test',
      session: { csrfToken: 'csrf-1' },
      website: 'site-1',
      fetch,
    })
    await cms.content.list()
    await cms.content.create({ type: 'post', data: {} })
    expect(sent.map((request) => request.method)).toEqual(['GET', 'POST'])
    for (const request of sent) {
      expect(request.headers['x-cms-website']).toBe('site-1')
      expect(request.headers).not.toHaveProperty('x-api-key')
    }
    expect(sent[0]!.headers).not.toHaveProperty('x-csrf-token')
    expect(sent[1]!.headers['x-csrf-token']).toBe('csrf-1')
  })

  it('when the admin client runs in a session, then it sends no Authorization and its writes carry the CSRF token', async () => {
    const { sent, fetch } = recorder(() => ({ id: 'w', name: 'w', docs: [] }))
    const admin = createCmsAdminClient({
      baseUrl: 'http://cms.test',
      session: { csrfToken: 'csrf-2' },
      fetch,
    })
    await admin.websites.list()
    await admin.websites.create('w')
    for (const request of sent) expect(request.headers).not.toHaveProperty('authorization')
    expect(sent[0]!.headers).not.toHaveProperty('x-csrf-token')
    expect(sent[1]!.headers['x-csrf-token']).toBe('csrf-2')
  })

  it('when the account client signs in, then its later writes carry that session CSRF token, and none once signed out', async () => {
    const { sent, fetch } = recorder((path) => (path === '/auth/sign-out' ? undefined : SESSION))
    const account = createCmsAccountClient({ baseUrl: 'http://cms.test', fetch })
    await account.signInWithPassword({ email: 'a@example.com', password: 'correct horse' })
    await account.signOut()
    await account.signInWithPassword({ email: 'a@example.com', password: 'correct horse' })
    expect(sent.map((request) => request.path)).toEqual([
      '/auth/password',
      '/auth/sign-out',
      '/auth/password',
    ])
    expect(sent[0]!.headers).not.toHaveProperty('x-csrf-token')
    expect(sent[1]!.headers['x-csrf-token']).toBe('csrf-1')
    expect(sent[2]!.headers).not.toHaveProperty('x-csrf-token')
  })
})
