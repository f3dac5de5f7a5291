import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { adminClient, answeringRequests, apiClient, storageCommands, waitFor } from '@cms/testkit'
import type { CommandLabels } from '@cms/testkit'
import { startGateway } from '../services/gateway/test/support/gateway-under-test.ts'

/** The gateway's `update` commands on `api_keys` so far, by origin (request or background). */
async function keyUpdates(metricsUrl: string): Promise<{ request: number; background: number }> {
  const updates = (labels: CommandLabels) =>
    /collection="api_keys"/.test(labels) && /command="update"/.test(labels)
  return {
    request: await storageCommands(
      metricsUrl,
      (labels) => updates(labels) && answeringRequests(labels),
    ),
    background: await storageCommands(
      metricsUrl,
      (labels) => updates(labels) && !answeringRequests(labels),
    ),
  }
}

describe('keys: last used', () => {
  it('admin: keys show when they were last used — when a key is used, then the admin list shows its last-used time, written in batches and never once per request', async () => {
    const admin = adminClient()
    const website = await admin('POST', '/admin/api/websites', {
      body: { name: `last-used-${randomUUID().slice(0, 8)}` },
    })
    expect(website.status, website.text).toBe(201)
    const keysPath = `/admin/api/websites/${website.body.id}/keys`
    const created = await admin('POST', keysPath, { body: { name: 'reader', scope: 'read' } })
    expect(created.status, created.text).toBe(201)
    const listedKey = async () =>
      ((await admin('GET', keysPath)).body.docs as Array<{ id: string; lastUsedAt: string | null }>)
        .filter((key) => key.id === created.body.id)
        .at(0)!
    expect((await listedKey()).lastUsedAt).toBeNull()

    const gateway = await startGateway({ KEY_USAGE_FLUSH_MS: '300' })
    try {
      const api = apiClient(created.body.key, gateway.url)
      const firstUse = Date.now()
      const before = await keyUpdates(gateway.metricsUrl!)
      for (let i = 0; i < 30; i++) expect((await api('GET', '/api/content-types')).status).toBe(200)
      const lastUse = Date.now()
      const used = await waitFor(
        async () => {
          const key = await listedKey()
          return key.lastUsedAt && Date.parse(key.lastUsedAt) >= lastUse - 1000 ? key : undefined
        },
        { timeoutMs: 10_000, what: 'the last-used time to be written' },
      )
      const at = Date.parse(used.lastUsedAt!)
      expect(at).toBeGreaterThanOrEqual(firstUse - 5)
      expect(at).toBeLessThanOrEqual(Date.now())
      const after = await keyUpdates(gateway.metricsUrl!)
      expect(after.request - before.request, 'no request writes the key').toBe(0)
      expect(after.background - before.background).toBeGreaterThanOrEqual(1)
      expect(after.background - before.background).toBeLessThan(30)

      // A gateway that stops writes what it still holds.
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect((await api('GET', '/api/content-types')).status).toBe(200)
      const finalUse = Date.now()
      await gateway.stop()
      expect(Date.parse((await listedKey()).lastUsedAt!)).toBeGreaterThan(at)
      expect(Date.parse((await listedKey()).lastUsedAt!)).toBeLessThanOrEqual(finalUse)
    } finally {
      await gateway.stop().catch(() => undefined)
    }
  })
})
