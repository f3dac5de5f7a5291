import { adminClient, apiClient, GENEROUS_PLAN, testEnv } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { expectStatus } from './content-fixtures.ts'

/** Roles and keys of one website through the admin API, for the permission tests. */
export interface KeyOptions {
  role: string
  types?: string[]
  expiresAt?: string
  gatewayUrl?: string
}

export interface IssuedKey {
  id: string
  key: string
  api: ApiCall
  body: Record<string, any>
}

export async function createRole(
  websiteId: string,
  name: string,
  permissions: Record<string, unknown>,
): Promise<void> {
  await expectStatus(
    adminClient()('POST', `/admin/api/websites/${websiteId}/roles`, {
      body: { name, permissions },
    }),
    201,
  )
}

export async function issueKey(websiteId: string, options: KeyOptions): Promise<IssuedKey> {
  const { gatewayUrl = testEnv().gatewayUrl, ...access } = options
  const created = await expectStatus(
    adminClient()('POST', `/admin/api/websites/${websiteId}/keys`, {
      body: { ...access, rateLimit: GENEROUS_PLAN },
    }),
    201,
  )
  const key = created.body.key as string
  return { id: created.body.id, key, api: apiClient(key, gatewayUrl), body: created.body }
}
