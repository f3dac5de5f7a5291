import type { Caller } from '@cms/http'
import { internalClient, testEnv } from '@cms/testkit'
import type { ApiCall, TestCaller } from '@cms/testkit'

/** Calls a webhook service directly, as the gateway would for a fresh website (or `caller`). */
export function webhookApi(
  serviceUrl = testEnv().webhookUrl,
  caller: TestCaller = {},
): { api: ApiCall; caller: Caller } {
  const api = internalClient(serviceUrl, caller)
  return { api, caller: api.caller }
}
