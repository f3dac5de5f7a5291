import { pathOf } from '@cms/contract'
import type { Endpoint } from '@cms/contract'
import { queryString } from './query-string.ts'
import type { CallOptions, CmsRequest, Transport } from './transport.ts'

/** One call of an operation: its path parameters, query, body and the caller's options. */
export interface OperationInput
  extends CallOptions, Pick<CmsRequest, 'json' | 'body' | 'contentType' | 'accept' | 'untimed'> {
  params?: Record<string, string | number>
  /** Written in the API's bracket notation (`queryString`). */
  query?: object
}

/**
 * The request of one call: the method and path come from the contract's operation, and so does
 * whether it carries an `Idempotency-Key`.
 */
export function operationRequest(operation: Endpoint, input: OperationInput = {}): CmsRequest {
  const { params = {}, query, ...rest } = input
  return {
    method: operation.method,
    path: `${pathOf(operation.path, params)}${queryString(query)}`,
    ...(operation.idempotent ? { keyed: true } : {}),
    ...rest,
  }
}

/** Calls operations through `transport`, answering each one's parsed JSON body. */
export const operationCaller =
  (transport: Transport) =>
  async <T>(operation: Endpoint, input?: OperationInput): Promise<T> =>
    (await transport.request<T>(operationRequest(operation, input))).body
