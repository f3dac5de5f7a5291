import type { IncomingHttpHeaders } from 'node:http'
import { INTERNAL_HEADERS, REQUEST_ID_HEADER } from '@cms/http'
import { TRACEPARENT_HEADER } from '@cms/trace'

type HeaderValue = string | string[]

/** Connection-level headers (RFC 9110 7.6.1) belong to one hop and are never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

/** Client credentials and anything a client could use to pose as the gateway stay here. */
const NEVER_UPSTREAM = new Set([
  ...HOP_BY_HOP,
  'host',
  'expect',
  'x-api-key',
  'authorization',
  'cookie',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  REQUEST_ID_HEADER,
  // Replaced by the gateway's own hop of the trace (the client's trace id stays).
  TRACEPARENT_HEADER,
  ...Object.values(INTERNAL_HEADERS),
])

const NEVER_DOWNSTREAM = new Set([
  ...HOP_BY_HOP,
  REQUEST_ID_HEADER,
  ...Object.values(INTERNAL_HEADERS),
])

function namedInConnection(headers: Record<string, HeaderValue | undefined>): Set<string> {
  const connection = headers.connection
  const values = Array.isArray(connection) ? connection : connection ? [connection] : []
  return new Set(
    values.flatMap((value) => value.split(',').map((name) => name.trim().toLowerCase())),
  )
}

function filtered(
  headers: Record<string, HeaderValue | undefined>,
  drop: ReadonlySet<string>,
): Record<string, HeaderValue> {
  const alsoDrop = namedInConnection(headers)
  const kept: Record<string, HeaderValue> = {}
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase()
    if (value === undefined || drop.has(lower) || alsoDrop.has(lower)) continue
    kept[lower] = value
  }
  return kept
}

/**
 * The client's headers minus credentials and hop-by-hop ones, plus who is calling, the request
 * id and the gateway's `traceparent` (the client's trace, the gateway's span).
 */
export function upstreamRequestHeaders(
  incoming: IncomingHttpHeaders,
  added: {
    internal: Record<string, string>
    requestId: string
    traceparent: string
    clientAddress: string
  },
): Record<string, HeaderValue> {
  return {
    ...filtered(incoming, NEVER_UPSTREAM),
    ...added.internal,
    [REQUEST_ID_HEADER]: added.requestId,
    [TRACEPARENT_HEADER]: added.traceparent,
    'x-forwarded-for': added.clientAddress,
  }
}

/** The service's response headers as the client gets them (ETag, Content-Type, Location...). */
export function downstreamResponseHeaders(
  upstream: Record<string, HeaderValue | undefined>,
): Record<string, HeaderValue> {
  return filtered(upstream, NEVER_DOWNSTREAM)
}
