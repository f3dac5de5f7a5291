import { createHash } from 'node:crypto'
import { GraphQLError } from 'graphql'
import { parseRequestParams } from 'graphql-http'
import type { ParseRequestParams, Request as GraphqlRequest } from 'graphql-http'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'

/** What a request says about its query text: graphql-http's `query` and `extensions`. */
export interface QueryTextParams {
  query?: unknown
  extensions?: unknown
}

export interface PersistedQueries {
  /**
   * The query text a request runs (Apollo's automatic persisted queries, version 1): the text it
   * sends, stored under its `extensions.persistedQuery.sha256Hash` once the hash is checked; or,
   * with only the hash, the text stored under it. Throws `PersistedQueryNotFound` for an unknown
   * hash; `undefined` when the request has neither (graphql-http then says the query is missing).
   */
  queryText(websiteId: string, params: QueryTextParams): Promise<string | undefined>
}

const HASH = /^[0-9a-f]{64}$/

const refusal = (code: string, message: string) =>
  new GraphQLError(message, { extensions: { code } })

/** The SHA-256 of a query text as Apollo's clients write it: lowercase hex of its UTF-8 bytes. */
export const queryHash = (query: string): string =>
  createHash('sha256').update(query, 'utf8').digest('hex')

/** The `sha256Hash` a request names, or `undefined` when it uses no persisted query. */
function namedHash(extensions: unknown): string | undefined {
  if (typeof extensions !== 'object' || extensions === null) return undefined
  const persisted = (extensions as { persistedQuery?: unknown }).persistedQuery
  if (persisted === undefined || persisted === null) return undefined
  const { version, sha256Hash } = persisted as { version?: unknown; sha256Hash?: unknown }
  if (version !== 1)
    throw refusal('PERSISTED_QUERY_NOT_SUPPORTED', 'Only persisted queries of version 1 are known')
  if (typeof sha256Hash !== 'string' || !HASH.test(sha256Hash))
    throw refusal(
      'VALIDATION_FAILED',
      'extensions.persistedQuery.sha256Hash must be 64 lowercase hexadecimal characters',
    )
  return sha256Hash
}

/**
 * Persisted queries in Redis, each website's apart, so every gateway instance finds what any
 * stored. A lookup refreshes the entry's lifetime (GETEX); with Redis away a lookup is a miss and
 * a store is skipped, so Apollo's clients fall back to sending the text.
 */
export function createPersistedQueries(deps: {
  redis: Redis
  prefix: string
  ttlSeconds: number
  logger: Pick<Logger, 'warn'>
  /** Checks the size of a text before it is hashed or stored (the query size limit). */
  assertSize: (query: string) => void
}): PersistedQueries {
  const keyOf = (websiteId: string, hash: string) =>
    `${deps.prefix}:graphql:persisted:${websiteId}:${hash}`
  const warn = (error: unknown, what: string) =>
    deps.logger.warn({ err: (error as Error).message }, `persisted query ${what} failed`)

  return {
    async queryText(websiteId, { query, extensions }) {
      const hash = namedHash(extensions)
      if (typeof query === 'string') deps.assertSize(query)
      if (hash === undefined) return typeof query === 'string' ? query : undefined
      const key = keyOf(websiteId, hash)
      if (typeof query === 'string') {
        if (queryHash(query) !== hash)
          throw refusal(
            'PERSISTED_QUERY_HASH_MISMATCH',
            'extensions.persistedQuery.sha256Hash is not the SHA-256 of the query',
          )
        await deps.redis.set(key, query, 'EX', deps.ttlSeconds).catch((e) => warn(e, 'store'))
        return query
      }
      if (query !== undefined && query !== null) return undefined
      const stored = await deps.redis
        .getex(key, 'EX', deps.ttlSeconds)
        .catch((error: unknown) => warn(error, 'lookup'))
      if (typeof stored !== 'string')
        throw refusal('PERSISTED_QUERY_NOT_FOUND', 'PersistedQueryNotFound')
      deps.assertSize(stored)
      return stored
    },
  }
}

/** A request's `query` and `extensions` as sent, or `undefined` when graphql-http must judge it. */
async function sentParams<Raw, Ctx>(
  req: GraphqlRequest<Raw, Ctx>,
): Promise<{ params: Record<string, unknown>; body?: unknown } | undefined> {
  if (req.method === 'GET') {
    const search = new URL(req.url, 'http://gateway').searchParams
    const extensions = search.get('extensions')
    try {
      return {
        params: {
          query: search.get('query') ?? undefined,
          extensions: extensions === null ? undefined : JSON.parse(extensions),
        },
      }
    } catch {
      return undefined
    }
  }
  if (req.method !== 'POST' || !req.body) return undefined
  const body = typeof req.body === 'function' ? await req.body() : req.body
  try {
    const parsed: unknown = typeof body === 'string' ? JSON.parse(body) : body
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return { params: {}, body }
    return { params: parsed as Record<string, unknown>, body }
  } catch {
    return { params: {}, body }
  }
}

/**
 * graphql-http's request parsing with the query text resolved first (the endpoint's "resolve the
 * query text" step): a persisted query's text put in place of its hash, every text's size checked
 * before it is parsed; everything else is graphql-http's own parsing, so a malformed request is
 * answered as GraphQL over HTTP says.
 */
export function queryTextStep<Raw, Ctx>(
  persisted: PersistedQueries,
  websiteOf: (req: GraphqlRequest<Raw, Ctx>) => string,
): ParseRequestParams<Raw, Ctx> {
  return async (req) => {
    const sent = await sentParams(req)
    if (!sent) return parseRequestParams(req)
    const text = await persisted.queryText(websiteOf(req), sent.params)
    if (req.method === 'GET') {
      const url = new URL(req.url, 'http://gateway')
      if (text !== undefined) url.searchParams.set('query', text)
      return parseRequestParams({ ...req, url: `${url.pathname}${url.search}` })
    }
    const body =
      text === undefined || text === sent.params.query ? sent.body : { ...sent.params, query: text }
    return parseRequestParams({ ...req, body: body as GraphqlRequest<Raw, Ctx>['body'] })
  }
}
