import { jsonClient } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { ARTICLE_TYPE, BENCH_LOCALES, PERSON_TYPE, TOPIC_TYPE } from './article-type.ts'
import type { RelatedDocuments } from './article-type.ts'
import { LANDING_TYPE } from './landing-pages.ts'

export interface BenchWebsite {
  websiteId: string
  adminKey: string
  adminKeyId: string
  readKey: string
  readKeyId: string
  /** A key of a custom role that reads the bench's types by name (issue 32's comparison). */
  roleKey: string
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
  /** `bench` unless given. */
  name?: string
}): Promise<BenchWebsite> {
  const admin = jsonClient(options.gatewayUrl, { authorization: `Bearer ${options.adminToken}` })
  const website = await expectStatus(
    'creating the website',
    201,
    admin<{ id: string }>('POST', '/admin/api/websites', {
      body: { name: options.name ?? 'bench' },
    }),
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
  const typeNames = [PERSON_TYPE, TOPIC_TYPE, ARTICLE_TYPE, LANDING_TYPE].map((type) => type.name)
  await expectStatus(
    'creating the custom role',
    201,
    admin('POST', `/admin/api/websites/${website.id}/roles`, {
      body: { name: 'bench-reader', permissions: { read: typeNames } },
    }),
  )
  const roleKey = await expectStatus(
    'creating the custom-role key',
    201,
    admin<{ id: string; key: string }>('POST', `/admin/api/websites/${website.id}/keys`, {
      body: { name: 'bench custom role', role: 'bench-reader', rateLimit: BENCH_PLAN },
    }),
  )
  const api = jsonClient(options.gatewayUrl, { 'x-api-key': adminKey.key })
  await expectStatus('setting locales', 200, api('PUT', '/api/locales', { body: BENCH_LOCALES }))
  for (const type of [PERSON_TYPE, TOPIC_TYPE, ARTICLE_TYPE]) {
    await expectStatus(
      `creating the ${type.name} type`,
      201,
      api('POST', '/api/content-types', { body: type }),
    )
  }
  return {
    websiteId: website.id,
    adminKey: adminKey.key,
    adminKeyId: adminKey.id,
    readKey: readKey.key,
    readKeyId: readKey.id,
    roleKey: roleKey.key,
    api,
  }
}

/** Published people and topics for the articles' relations, made through the API. */
export async function seedRelated(
  api: ApiCall,
  counts: { people: number; topics: number },
): Promise<RelatedDocuments> {
  const publish = async (type: string, data: Record<string, string>) => {
    const doc = await expectStatus(
      `creating a ${type}`,
      201,
      api<{ id: string }>('POST', '/api/content', { body: { type, data } }),
    )
    await expectStatus(`publishing a ${type}`, 200, api('POST', `/api/content/${doc.id}/publish`))
    return doc.id
  }
  const people: string[] = []
  const topics: string[] = []
  for (let i = 0; i < counts.people; i++)
    people.push(await publish('person', { name: `Person ${i}` }))
  for (let i = 0; i < counts.topics; i++)
    topics.push(await publish('topic', { label: `Topic ${i}` }))
  return { people, topics }
}
