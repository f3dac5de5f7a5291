import { PUBLIC_OPERATIONS as API } from '@cms/contract'
import { CmsApiError } from './cms-api-error.ts'
import { operationCaller } from './operation-call.ts'
import type { CallOptions, Transport } from './transport.ts'

/** One GraphQL request (docs/graphql.md). */
export interface GraphqlRequest {
  query: string
  variables?: Record<string, unknown>
  operationName?: string
}

export interface GraphqlError {
  message: string
  path?: readonly (string | number)[]
  /** `code` is the contract's error code; `details` as a REST refusal has them. */
  extensions?: { code?: string; [member: string]: unknown }
}

/** GraphQL's answer: errors of execution come here, not thrown (a malformed request throws). */
export interface GraphqlResult<T> {
  data?: T | null
  errors?: GraphqlError[]
}

export interface GraphqlOptions extends CallOptions {
  /**
   * Automatic persisted queries: the query's SHA-256 goes by `GET` first, so the request is short
   * and a CDN can keep the answer; its text follows by `POST` only when the server does not know
   * it yet. For queries, never mutations (a `GET` cannot change anything).
   */
  persisted?: boolean
}

const NOT_FOUND = 'PERSISTED_QUERY_NOT_FOUND'

async function sha256(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

const isMiss = (result: GraphqlResult<unknown>) =>
  result.errors?.some((error) => error.extensions?.code === NOT_FOUND) === true

/** `/api/graphql`: one method for queries and mutations, with persisted queries on request. */
export function graphqlApi(transport: Transport) {
  const call = operationCaller(transport)
  const post = <T>(body: object, options: CallOptions) =>
    call<GraphqlResult<T>>(API.graphql, { json: body, ...options })

  return {
    async graphql<T = Record<string, unknown>>(
      request: GraphqlRequest,
      options: GraphqlOptions = {},
    ): Promise<GraphqlResult<T>> {
      const { persisted, ...callOptions } = options
      if (!persisted) return post<T>(request, callOptions)
      const extensions = { persistedQuery: { version: 1, sha256Hash: await sha256(request.query) } }
      const byHash = {
        extensions: JSON.stringify(extensions),
        ...(request.variables && { variables: JSON.stringify(request.variables) }),
        ...(request.operationName && { operationName: request.operationName }),
      }
      const known = await call<GraphqlResult<T>>(API.graphqlQuery, {
        query: byHash,
        ...callOptions,
      }).catch((error: unknown) => {
        if (error instanceof CmsApiError && error.message.includes(NOT_FOUND)) return undefined
        throw error
      })
      if (known && !isMiss(known)) return known
      return post<T>({ ...request, extensions }, callOptions)
    },
  }
}
