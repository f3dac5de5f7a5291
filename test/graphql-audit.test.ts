import { auditServer } from 'graphql-http'
import type { AuditResult } from 'graphql-http'
import { describe, expect, it } from 'vitest'
import { createTestWebsite, testEnv } from '@cms/testkit'

/** Every request of the audit carries the website's key, as any caller of /api must. */
const withKey =
  (key: string): typeof fetch =>
  (input, init) => {
    const headers = new Headers(init?.headers)
    headers.set('x-api-key', key)
    return fetch(input, { ...init, headers })
  }

const line = (result: AuditResult) =>
  `${result.status.padEnd(5)} ${result.id} ${result.name}${'reason' in result ? ` — ${result.reason}` : ''}`

describe("graphql-http's audit suite against /api/graphql", () => {
  it("graphql: the endpoint passes graphql-http's audit — when every server audit runs against the gateway, then every MUST and every SHOULD passes, and each audit's result is printed", async () => {
    const site = await createTestWebsite()
    await site.api('POST', '/api/content-types', {
      body: { name: 'article', fields: [{ name: 'title', type: 'text' }] },
    })
    const results = await auditServer({
      url: `${testEnv().gatewayUrl}/api/graphql`,
      fetchFn: withKey(site.adminKey),
    })
    // The report: what a reader of the test output (and docs/graphql.md, "Conformance") sees.
    console.info(results.map(line).join('\n'))
    const failedMusts = results.filter(
      (result) => result.name.startsWith('MUST') && result.status !== 'ok',
    )
    expect(failedMusts.map(line)).toEqual([])
    // Every SHOULD holds too (9ABE, a POST without a JSON content type, is 415 and not 204).
    const unmetShoulds = results.filter(
      (result) => result.name.startsWith('SHOULD') && result.status !== 'ok',
    )
    expect(unmetShoulds.map(line)).toEqual([])
    expect(results.filter((result) => result.name.startsWith('MUST')).length).toBeGreaterThan(10)
  })
})
