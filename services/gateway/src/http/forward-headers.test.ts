import { describe, expect, it } from 'vitest'
import { downstreamResponseHeaders, upstreamRequestHeaders } from './forward-headers.ts'

const added = {
  internal: {
    'x-internal-token': 'real-token',
    'x-website-id': 'w1',
    'x-key-id': 'k1',
    'x-key-scope': 'read',
  },
  requestId: 'req-1',
  traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-1111111111111111-01',
  clientAddress: '203.0.113.9',
}

describe('headers sent upstream', () => {
  it('when a client sends its own internal headers, then only the gateway values reach the service', () => {
    const headers = upstreamRequestHeaders(
      {
        'x-internal-token': 'forged',
        'x-website-id': 'someone-else',
        'x-key-id': 'forged',
        'x-key-scope': 'admin',
        'x-request-id': 'client-id',
        'x-forwarded-for': '10.0.0.1',
        'x-key-prefix': 'cms_forged',
      },
      added,
    )
    expect(headers).toEqual({
      ...added.internal,
      'x-request-id': 'req-1',
      traceparent: added.traceparent,
      'x-forwarded-for': '203.0.113.9',
    })
  })

  it('when a request carries credentials and hop-by-hop headers, then they stay at the gateway', () => {
    const headers = upstreamRequestHeaders(
      {
        host: 'cms.example',
        'x-api-key': 'cms_secret',
        authorization: 'Bearer x',
        cookie: 'a=b',
        connection: 'keep-alive, x-custom-hop',
        'x-custom-hop': '1',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        expect: '100-continue',
        'content-type': 'application/json',
        'if-match': '"3"',
        accept: 'application/json',
      },
      added,
    )
    expect(Object.keys(headers).sort()).toEqual(
      [
        'accept',
        'content-type',
        'if-match',
        'x-forwarded-for',
        'x-request-id',
        'traceparent',
        ...Object.keys(added.internal),
      ].sort(),
    )
  })

  it("when a client sends a traceparent, then the service gets the gateway's hop of that trace", () => {
    const headers = upstreamRequestHeaders(
      { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', tracestate: 'a=1' },
      added,
    )
    expect(headers.traceparent).toBe(added.traceparent)
    expect(headers.tracestate).toBe('a=1')
  })
})

describe('headers sent back to the client', () => {
  it('when the service answers, then its entity headers pass and hop-by-hop ones do not', () => {
    expect(
      downstreamResponseHeaders({
        etag: '"4"',
        'content-type': 'application/json; charset=utf-8',
        'content-length': '12',
        location: '/api/content/1',
        connection: 'keep-alive',
        'keep-alive': 'timeout=65',
        'transfer-encoding': 'chunked',
        'x-request-id': 'req-1',
        'set-cookie': ['a=1', 'b=2'],
      }),
    ).toEqual({
      etag: '"4"',
      'content-type': 'application/json; charset=utf-8',
      'content-length': '12',
      location: '/api/content/1',
      'set-cookie': ['a=1', 'b=2'],
    })
  })
})
