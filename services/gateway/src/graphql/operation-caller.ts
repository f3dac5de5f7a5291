import qs from 'qs'
import {
  asksForDrafts,
  authorize,
  intersectTypes,
  pathOf,
  PUBLIC_OPERATIONS,
  tagsOfHeader,
} from '@cms/contract'
import type { Permissions, PublicOperationId, Upstream } from '@cms/contract'
import { AppError, ForbiddenError, ServiceUnavailableError } from '@cms/errors'
import type { ErrorCode, ErrorDetail } from '@cms/errors'
import { grantHeaders, internalHeaders } from '@cms/http'
import type { Caller } from '@cms/http'
import { seenTypesOf } from '../domain/seen-types.ts'
import { downstreamResponseHeaders } from '../http/forward-headers.ts'
import type { FetchedAnswer } from '../http/upstream-proxy.ts'
import type { CachedFetch } from '../read-cache/cached-reads.ts'

/** One public operation, as a resolver asks for it. */
export interface OperationCall {
  id: PublicOperationId
  params?: Readonly<Record<string, string>>
  /** Query parameters as `qs` writes them (`filters`, `populate` nest). */
  query?: Readonly<Record<string, unknown>>
  body?: unknown
  headers?: Readonly<Record<string, string>>
  /** Narrows the call to documents of this type (`update<Type>` changes a <type> only). */
  type?: string
}

export interface OperationAnswer {
  status: number
  body: unknown
}

/** Calls public operations for the caller of the request under way; refusals are thrown. */
export type CallOperation = (call: OperationCall) => Promise<OperationAnswer>

/**
 * What the calls of one request showed, for its answer's CDN headers: the union of their
 * `Surrogate-Key` tags, and whether every call was a tagged published read.
 */
export interface CallRecord {
  tags: Set<string>
  published: boolean
}

export const newCallRecord = (): CallRecord => ({ tags: new Set(), published: true })

/** Who calls, as the API pipeline knows them. */
export interface RequestCaller {
  caller: Caller
  permissions: Permissions
  requestId?: string
  traceparent?: string
  /** Where the request's calls are recorded, when its answer may be shared. */
  record?: CallRecord
}

/** Notes one answered call in the request's record. */
function recordCall(
  record: CallRecord | undefined,
  call: { method: string; search: string; status: number; surrogateKey: string | null },
): void {
  if (!record) return
  const tagged = call.surrogateKey !== null && call.surrogateKey !== ''
  const publishedRead =
    call.method === 'GET' && !asksForDrafts(new URLSearchParams(call.search)) && call.status < 400
  if (!tagged || !publishedRead) record.published = false
  for (const tag of tagsOfHeader(call.surrogateKey ?? '')) record.tags.add(tag)
}

export interface OperationCallerDeps {
  urls: Readonly<Record<Upstream, string>>
  internalToken: string
  timeoutMs: number
  /** Published reads answered from the gateway's read cache (the API's entries). */
  cachedFetch?: CachedFetch
}

const queryString = (query: OperationCall['query']): string => {
  const text = query ? qs.stringify(query, { encodeValuesOnly: true, skipNulls: true }) : ''
  return text === '' ? '' : `?${text}`
}

/** The refusal a service answered, as the error it stands for. */
function refusalOf(status: number, body: unknown): AppError {
  const error = (body as { error?: { code?: string; message?: string; details?: ErrorDetail[] } })
    ?.error
  if (status >= 500 || !error?.code) return new ServiceUnavailableError()
  return new AppError(error.code as ErrorCode, error.message ?? error.code, {
    ...(error.details && { details: error.details }),
  })
}

/**
 * The one internal way GraphQL reaches the public API: the operation's own authorization
 * (`authorize`, as the pipeline decides it for REST) and the same forward to its service with
 * the caller's headers, so permissions, validation, events, audit entries and the change log are
 * the service's own. Operations the gateway serves itself are not reachable this way.
 */
export function operationCaller(deps: OperationCallerDeps) {
  return (request: RequestCaller): CallOperation =>
    async function callOperation(call) {
      const operation = PUBLIC_OPERATIONS[call.id]
      if (operation.upstream === 'gateway') throw new Error(`${call.id} is served by the gateway`)
      const path = pathOf(operation.path, (call.params ?? {}) as never)
      const search = queryString(call.query)
      const decision = authorize(operation, request.permissions, {
        query: new URLSearchParams(search),
        params: { ...call.params, ...(call.type !== undefined && { type: call.type }) },
      })
      if (!decision.allowed)
        throw new ForbiddenError(decision.reason, {
          details: [{ path: 'permission', message: decision.missing }],
        })
      const types =
        call.type === undefined ? decision.types : intersectTypes(decision.types, [call.type])
      const grant = { operationId: call.id, draftAccess: decision.draftAccess, types }
      const send = async (): Promise<FetchedAnswer> => {
        const response = await fetch(
          `${deps.urls[operation.upstream].replace(/\/+$/, '')}${path}${search}`,
          {
            method: operation.method,
            headers: {
              ...internalHeaders(deps.internalToken, request.caller),
              ...grantHeaders(grant),
              ...(request.requestId && { 'x-request-id': request.requestId }),
              ...(request.traceparent && { traceparent: request.traceparent }),
              accept: 'application/json',
              ...(call.body !== undefined && { 'content-type': 'application/json' }),
              ...call.headers,
            },
            ...(call.body !== undefined && { body: JSON.stringify(call.body) }),
            signal: AbortSignal.timeout(deps.timeoutMs),
          },
        )
        const body = Buffer.from(await response.arrayBuffer().catch(() => new ArrayBuffer(0)))
        const headers = downstreamResponseHeaders(Object.fromEntries(response.headers))
        return { status: response.status, headers, body }
      }
      const cached =
        deps.cachedFetch && 'cached' in operation && !asksForDrafts(new URLSearchParams(search))
      let answer: FetchedAnswer
      try {
        answer = cached
          ? await deps.cachedFetch!(
              request.caller.websiteId,
              `${seenTypesOf(grant)}${path}${search}`,
              send,
            )
          : await send()
      } catch (error) {
        if (request.record) request.record.published = false
        throw new ServiceUnavailableError(undefined, { cause: error })
      }
      const surrogateKey = answer.headers['surrogate-key']
      recordCall(request.record, {
        method: operation.method,
        search,
        status: answer.status,
        surrogateKey: surrogateKey === undefined ? null : String(surrogateKey),
      })
      const text = answer.body.toString('utf8')
      let body: unknown
      try {
        body = text === '' ? undefined : JSON.parse(text)
      } catch {
        body = undefined
      }
      if (answer.status >= 400) throw refusalOf(answer.status, body)
      return { status: answer.status, body }
    }
}
