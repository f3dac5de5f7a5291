import type { BulkRequestBody } from '@cms/contract'
import type { ErrorDetail } from '@cms/errors'

/**
 * What the body's schema cannot say, in the same 422: the documents are named one way, and
 * only `update` takes `data`.
 */
export function bulkBodyCheck(body: unknown): ErrorDetail[] {
  if (typeof body !== 'object' || body === null) return []
  const request = body as Partial<BulkRequestBody>
  const problems: ErrorDetail[] = []
  if ((request.ids === undefined) === (request.query === undefined))
    problems.push({ path: 'ids', message: 'send exactly one of ids and query' })
  if (request.data !== undefined && request.action !== 'update')
    problems.push({ path: 'data', message: 'only the update action takes data' })
  return problems
}
