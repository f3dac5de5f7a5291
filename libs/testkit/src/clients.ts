import { randomUUID } from 'node:crypto'
import { authorizationHeaders, internalHeaders } from '@cms/http'
import type { Caller } from '@cms/http'
import { jsonClient } from './http-client.ts'
import type { ApiCall } from './http-client.ts'
import { testEnv } from './test-env.ts'

/**
 * Calls one service directly, as the gateway would for `caller`: with its credential, and with
 * the authorization the gateway would decide for each call (none for a call it would refuse,
 * which the service then refuses too).
 */
export function internalClient(
  serviceUrl: string,
  caller: Partial<Caller> = {},
): ApiCall & { caller: Caller } {
  const full: Caller = { websiteId: randomUUID(), keyId: randomUUID(), scope: 'admin', ...caller }
  const direct = jsonClient(serviceUrl, internalHeaders(testEnv().internalToken, full))
  const call: ApiCall = (method, path, options = {}) =>
    direct(method, path, {
      ...options,
      headers: { ...authorizationHeaders(method, path, full), ...options.headers },
    })
  // Object.assign would hit Function.prototype's `caller` accessor, which throws in strict mode.
  return Object.defineProperty(call, 'caller', { value: full, enumerable: true }) as ApiCall & {
    caller: Caller
  }
}

/** The platform operator's admin API on the gateway. */
export function adminClient(
  gatewayUrl = testEnv().gatewayUrl,
  token = testEnv().adminToken,
): ApiCall {
  return jsonClient(gatewayUrl, { authorization: `Bearer ${token}` })
}

/** Public API calls through the gateway with an API key. */
export function apiClient(apiKey: string, gatewayUrl = testEnv().gatewayUrl): ApiCall {
  return jsonClient(gatewayUrl, { 'x-api-key': apiKey })
}
