import { randomUUID } from 'node:crypto'
import { internalHeaders } from '@cms/http'
import type { Caller } from '@cms/http'
import { jsonClient, testEnv } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'

/** Calls a webhook service directly, as the gateway would for a fresh website (or `caller`). */
export function webhookApi(serviceUrl = testEnv().webhookUrl, caller: Partial<Caller> = {}): { api: ApiCall; caller: Caller } {
  const full: Caller = { websiteId: randomUUID(), keyId: randomUUID(), scope: 'admin', ...caller }
  return { api: jsonClient(serviceUrl, internalHeaders(testEnv().internalToken, full)), caller: full }
}
