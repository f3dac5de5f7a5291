import { randomUUID } from 'node:crypto'
import { authorizationHeaders, internalHeaders } from '@cms/http/caller-headers'
import type { Caller } from '@cms/http/caller-headers'
import { BUILT_IN_ROLES, ROLE_OF_SCOPE } from '@cms/contract'
import type { KeyScope } from '@cms/contract'
import { jsonClient } from './http-client.ts'
import type { ApiCall } from './http-client.ts'
import { testEnv } from './test-env.ts'

/**
 * Calls one service directly, as the gateway would for `caller`: with its credential, and with
 * the authorization the gateway would decide for each call (none for a call it would refuse,
 * which the service then refuses too).
 */
/** A caller for `internalClient`: a `scope` stands for the role with its permissions. */
export type TestCaller = Partial<Caller> & { scope?: KeyScope }

export function internalClient(
  serviceUrl: string,
  { scope, ...caller }: TestCaller = {},
): ApiCall & { caller: Caller } {
  const full: Caller = {
    websiteId: randomUUID(),
    keyId: randomUUID(),
    permissions: BUILT_IN_ROLES.owner,
    ...caller,
    ...(scope && { permissions: BUILT_IN_ROLES[ROLE_OF_SCOPE[scope]] }),
  }
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
