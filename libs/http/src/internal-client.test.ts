import { BUILT_IN_ROLES } from '@cms/contract'
import { describe, expect, it } from 'vitest'
import { ServiceUnavailableError } from '@cms/errors'
import { continueTrace, runInTrace } from '@cms/trace'
import { createInternalClient } from './internal-client.ts'

const caller = { websiteId: 'w1', keyId: 'k1', permissions: BUILT_IN_ROLES.owner }

function clientAnswering(answer: () => Promise<Response>) {
  const seen: Array<{ url: string; headers: Record<string, string> }> = []
  const client = createInternalClient({
    service: 'schema',
    baseUrl: 'http://schema.internal/',
    internalToken: 'a-token-of-sixteen-chars',
    timeoutMs: 1000,
    fetch: async (url, init) => {
      seen.push({ url: String(url), headers: init?.headers as Record<string, string> })
      return answer()
    },
  })
  return { client, seen }
}

describe('createInternalClient', () => {
  it('when the service answers 200, then the JSON body comes back and the caller headers went out', async () => {
    const { client, seen } = clientAnswering(async () => Response.json({ ok: true }))
    const answer = await client.get(caller, '/internal/usage', { 'if-none-match': '"x"' })
    expect(answer).toMatchObject({ status: 200, body: { ok: true } })
    expect(seen[0]!.url).toBe('http://schema.internal/internal/usage')
    expect(seen[0]!.headers).toMatchObject({
      'x-internal-token': 'a-token-of-sixteen-chars',
      'x-website-id': 'w1',
      'x-key-permissions': JSON.stringify(BUILT_IN_ROLES.owner),
      'if-none-match': '"x"',
    })
  })

  it('when the service answers 404 or 304, then the status comes back without a body', async () => {
    for (const status of [404, 304]) {
      const { client } = clientAnswering(async () => new Response(null, { status }))
      expect(await client.get(caller, '/x')).toMatchObject({ status, body: undefined })
    }
  })

  it('when the service answers another status, is unreachable or sends no JSON, then 503 names the service', async () => {
    const answers = [
      async () => new Response('boom', { status: 500 }),
      async () => Promise.reject(new TypeError('fetch failed')),
      async () => new Response('not json', { status: 200 }),
    ]
    for (const answer of answers) {
      const { client } = clientAnswering(answer)
      const failure = client.get(caller, '/x')
      await expect(failure).rejects.toBeInstanceOf(ServiceUnavailableError)
      await expect(failure).rejects.toThrow('The schema service is unavailable')
    }
  })

  it('when it calls on behalf of a request, then the request id and the trace go along', async () => {
    const { client, seen } = clientAnswering(async () => Response.json({}))
    const hop = continueTrace('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')
    await runInTrace({ ...hop, requestId: 'req-7' }, () => client.get(caller, '/x'))
    await client.get(caller, '/y')
    expect(seen[0]!.headers).toMatchObject({
      'x-request-id': 'req-7',
      traceparent: hop.traceparent,
    })
    expect(seen[1]!.headers).not.toHaveProperty('traceparent')
    expect(seen[1]!.headers).not.toHaveProperty('x-request-id')
  })

  it('when a POST is made, then it carries no body and is answered as a GET is', async () => {
    const methods: string[] = []
    const client = createInternalClient({
      service: 'content',
      baseUrl: 'http://content.internal',
      internalToken: 'a-token-of-sixteen-chars',
      timeoutMs: 1000,
      fetch: async (_url, init) => {
        methods.push(String(init?.method))
        return Response.json({ done: true })
      },
    })
    expect(await client.post(caller, '/internal/x')).toMatchObject({ body: { done: true } })
    expect(methods).toEqual(['POST'])
  })

  it('when a stream is sent, then the body goes out as it comes and any answer comes back unread; no head in time is 503', async () => {
    let sent = ''
    const { client } = clientAnswering(async () => Response.json({ no: 1 }, { status: 409 }))
    const streaming = createInternalClient({
      service: 'content',
      baseUrl: 'http://content.internal',
      internalToken: 'a-token-of-sixteen-chars',
      timeoutMs: 1000,
      fetch: async (_url, init) => {
        sent = await new Response(init?.body as ReadableStream).text()
        return new Response('{"error":{}}', { status: 409 })
      },
    })
    const body = (async function* () {
      yield new TextEncoder().encode('a\n')
      yield new TextEncoder().encode('b\n')
    })()
    const answer = await streaming.stream(caller, { method: 'POST', path: '/x', body })
    expect(answer.status).toBe(409)
    expect(sent).toBe('a\nb\n')
    expect((await client.stream(caller, { method: 'GET', path: '/x' })).status).toBe(409)

    const silent = createInternalClient({
      service: 'webhook',
      baseUrl: 'http://webhook.internal',
      internalToken: 'a-token-of-sixteen-chars',
      timeoutMs: 50,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    })
    await expect(silent.stream(caller, { method: 'GET', path: '/x' })).rejects.toThrow(
      'The webhook service is unavailable',
    )
  })
})
