import { jsonClient } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { ARTICLE_TYPE } from './article-type.ts'

export interface BenchWebsite {
  websiteId: string
  adminKey: string
  adminKeyId: string
  readKey: string
  readKeyId: string
  /** The gateway with the admin key. */
  api: ApiCall
}

/** The largest plan a key may have: the benchmark measures the system, not the rate limit. */
const BENCH_PLAN = { perMinute: 10_000_000, perDay: 1_000_000_000 }

async function expectStatus<T>(
  what: string,
  status: number,
  call: Promise<{ status: number; body: T; text: string }>,
): Promise<T> {
  const response = await call
  if (response.status !== status)
    throw new Error(`${what} failed: ${response.status} ${response.text}`)
  return response.body
}

/** A website with an admin and a read key, and the article type, made through the gateway. */
export async function seedWebsite(options: {
  gatewayUrl: string
  adminToken: string
}): Promise<BenchWebsite> {
  const admin = jsonClient(options.gatewayUrl, { authorization: `Bearer ${options.adminToken}` })
  const website = await expectStatus(
    'creating the website',
    201,
    admin<{ id: string }>('POST', '/admin/api/websites', { body: { name: 'bench' } }),
  )
  const createKey = (scope: 'admin' | 'read') =>
    expectStatus(
      `creating a ${scope} key`,
      201,
      admin<{ id: string; key: string }>('POST', `/admin/api/websites/${website.id}/keys`, {
        body: { name: `bench ${scope}`, scope, rateLimit: BENCH_PLAN },
      }),
    )
  const [adminKey, readKey] = [await createKey('admin'), await createKey('read')]
  const api = jsonClient(options.gatewayUrl, { 'x-api-key': adminKey.key })
  await expectStatus(
    'creating the article type',
    201,
    api('POST', '/api/content-types', { body: ARTICLE_TYPE }),
  )
  return {
    websiteId: website.id,
    adminKey: adminKey.key,
    adminKeyId: adminKey.id,
    readKey: readKey.key,
    readKeyId: readKey.id,
    api,
  }
}
