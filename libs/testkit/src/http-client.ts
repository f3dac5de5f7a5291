import { assertAnswerMatches, contractCheckOn } from './answer-contract.ts'
import { noteCreatedWebsite } from './created-websites.ts'

export interface ApiResponse<T = any> {
  status: number
  headers: Headers
  body: T
  /** The body exactly as received. */
  text: string
}

export interface RequestOptions {
  body?: unknown
  /** Sent as is (no JSON encoding), e.g. malformed JSON. */
  rawBody?: string
  headers?: Record<string, string>
}

export type ApiCall = <T = any>(
  method: string,
  path: string,
  options?: RequestOptions,
) => Promise<ApiResponse<T>>

/** JSON when the body is JSON, else the text itself (an error page, a bare status line). */
function parseLenient(text: string): any {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * A small JSON client over fetch with fixed headers, for tests. Every answer of `/api` and
 * `/admin/api` from the test stack is held to the OpenAPI document (answer-contract.ts): one
 * whose shape drifts from it fails the test (`CMS_CONTRACT_CHECK=0` turns this off).
 */
export function jsonClient(baseUrl: string, fixedHeaders: Record<string, string>): ApiCall {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...fixedHeaders, ...options.headers }
    let body: string | undefined
    if (options.rawBody !== undefined) body = options.rawBody
    else if (options.body !== undefined) body = JSON.stringify(options.body)
    if (
      body !== undefined &&
      !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')
    ) {
      headers['content-type'] = 'application/json'
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body })
    const text = await response.text()
    const parsed = parseLenient(text)
    if (contractCheckOn(baseUrl))
      assertAnswerMatches({
        method,
        path,
        status: response.status,
        contentType: response.headers.get('content-type'),
        text,
        body: parsed,
      })
    noteCreatedWebsite(baseUrl, method, path, response.status, parsed)
    return { status: response.status, headers: response.headers, body: parsed, text }
  }
}
