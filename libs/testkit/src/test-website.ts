import { randomUUID } from 'node:crypto'
import { adminClient, apiClient } from './clients.ts'
import type { ApiCall } from './http-client.ts'
import { testEnv } from './test-env.ts'

export interface TestWebsite {
  websiteId: string
  adminKey: string
  adminKeyId: string
  readKey: string
  readKeyId: string
  /** Calls through the gateway with the admin key. */
  api: ApiCall
  /** Calls through the gateway with the read key. */
  readApi: ApiCall
}

/** Plans large enough that ordinary tests never meet the rate limit. */
export const GENEROUS_PLAN = { perMinute: 1_000_000, perDay: 100_000_000 }

/** A fresh website with an admin and a read key: tenancy keeps each test's data apart. */
export async function createTestWebsite(
  options: { name?: string; rateLimit?: { perMinute: number; perDay: number } } = {},
): Promise<TestWebsite> {
  const admin = adminClient()
  const name = options.name ?? `test-${randomUUID().slice(0, 8)}`
  const website = await admin('POST', '/admin/api/websites', { body: { name } })
  if (website.status !== 201)
    throw new Error(`creating a website failed: ${website.status} ${website.text}`)
  const websiteId = website.body.id as string
  const createKey = async (scope: 'admin' | 'read') => {
    const response = await admin('POST', `/admin/api/websites/${websiteId}/keys`, {
      body: { name: `${scope} key`, scope, rateLimit: options.rateLimit ?? GENEROUS_PLAN },
    })
    if (response.status !== 201)
      throw new Error(`creating a ${scope} key failed: ${response.status} ${response.text}`)
    return { key: response.body.key as string, id: response.body.id as string }
  }
  const [adminKey, readKey] = await Promise.all([createKey('admin'), createKey('read')])
  const gatewayUrl = testEnv().gatewayUrl
  return {
    websiteId,
    adminKey: adminKey.key,
    adminKeyId: adminKey.id,
    readKey: readKey.key,
    readKeyId: readKey.id,
    api: apiClient(adminKey.key, gatewayUrl),
    readApi: apiClient(readKey.key, gatewayUrl),
  }
}
