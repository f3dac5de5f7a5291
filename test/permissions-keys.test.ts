import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient, apiClient, createTestWebsite, waitFor } from '@cms/testkit'
import type { ApiCall, TestWebsite } from '@cms/testkit'
import type { RunningGateway } from '../services/gateway/src/main.ts'
import { startGateway } from '../services/gateway/test/support/gateway-under-test.ts'
import { ARTICLE_TYPE, defineType, expectStatus } from './content-fixtures.ts'
import { createRole, issueKey } from './permissions-kit.ts'

/** Roles, keys (expiry, rotation, manageKeys) and preview tokens through two real gateways. */
let second: RunningGateway
let site: TestWebsite
const admin = () => adminClient()
const keysPath = () => `/admin/api/websites/${site.websiteId}/keys`
const rolesPath = () => `/admin/api/websites/${site.websiteId}/roles`

/** A call's status once it settles on `status` (another instance may cache a key for 3 s). */
async function eventually(call: () => Promise<{ status: number }>, status: number) {
  return waitFor(async () => ((await call()).status === status ? true : undefined), {
    timeoutMs: 15_000,
    intervalMs: 100,
    what: `the answer to become ${status}`,
  })
}

beforeAll(async () => {
  second = await startGateway()
  site = await createTestWebsite()
  await defineType(site.api, ARTICLE_TYPE)
  await defineType(site.api, {
    name: 'event',
    titleField: 'title',
    fields: [{ name: 'title', type: 'text', required: true }],
  })
}, 60_000)

afterAll(async () => {
  await second?.stop()
})

describe('roles', () => {
  it('permissions: admin and read keys are owner and viewer — when keys are made with the older scopes, then they are listed with those roles and keep their scope', async () => {
    const listed = await expectStatus(admin()('GET', keysPath()), 200)
    const byId = new Map(listed.body.docs.map((key: any) => [key.id, key]))
    expect(byId.get(site.adminKeyId)).toMatchObject({ role: 'owner', scope: 'admin', types: null })
    expect(byId.get(site.readKeyId)).toMatchObject({
      role: 'viewer',
      scope: 'read',
      expiresAt: null,
    })
  })

  it('permissions: custom roles are managed per website — when a role is created, listed, changed and deleted, then built-in roles cannot change, a held role cannot go and an unknown role makes no key', async () => {
    const name = `writer-${randomUUID().slice(0, 6)}`
    await createRole(site.websiteId, name, { read: ['article'], create: ['article'] })
    const roles = await expectStatus(admin()('GET', rolesPath()), 200)
    expect(roles.body.docs.map((role: any) => role.name)).toEqual(
      expect.arrayContaining(['owner', 'editor', 'author', 'viewer', 'preview', name]),
    )
    expect((await admin()('POST', rolesPath(), { body: { name, permissions: {} } })).status).toBe(
      409,
    )
    expect(
      (await admin()('PATCH', `${rolesPath()}/editor`, { body: { permissions: {} } })).status,
    ).toBe(409)
    expect(
      (await admin()('POST', rolesPath(), { body: { name: 'x', permissions: { fly: '*' } } }))
        .status,
    ).toBe(422)
    const key = await issueKey(site.websiteId, { role: name })
    const held = await admin()('DELETE', `${rolesPath()}/${name}`)
    expect(held.status).toBe(409)
    expect((await admin()('POST', keysPath(), { body: { role: 'nobody' } })).status).toBe(422)
    await expectStatus(admin()('DELETE', `${keysPath()}/${key.id}`), 204)
    await expectStatus(admin()('DELETE', `${rolesPath()}/${name}`), 204)
  })

  it('permissions: role changes reach keys within 5 seconds — when a role gains create on event, then a key of it that was refused may create events on every gateway within 5 s', async () => {
    const name = `grow-${randomUUID().slice(0, 6)}`
    await createRole(site.websiteId, name, { read: '*' })
    const key = await issueKey(site.websiteId, { role: name })
    const elsewhere = apiClient(key.key, second.url)
    const create = () =>
      elsewhere('POST', '/api/content', { body: { type: 'event', data: { title: 'Launch' } } })
    const refused = await create()
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe('This request needs the create permission')
    const changedAt = Date.now()
    await expectStatus(
      admin()('PATCH', `${rolesPath()}/${name}`, {
        body: { permissions: { read: '*', create: ['event'] } },
      }),
      200,
    )
    await eventually(create, 201)
    expect(Date.now() - changedAt).toBeLessThanOrEqual(5000)
  })
})

describe('keys', () => {
  it('permissions: keys expire — when a key passes its expiresAt, then it is 401 saying when it expired, and an expiry in the past is refused', async () => {
    const expiresAt = new Date(Date.now() + 5000).toISOString()
    const key = await issueKey(site.websiteId, { role: 'viewer', expiresAt })
    expect((await key.api('GET', '/api/content-types')).status).toBe(200)
    await eventually(() => key.api('GET', '/api/content-types'), 401)
    const expired = await key.api('GET', '/api/content-types')
    expect(expired.body.error).toMatchObject({
      code: 'UNAUTHORIZED',
      message: `The API key expired at ${expiresAt}`,
    })
    const past = await admin()('POST', keysPath(), {
      body: { role: 'viewer', expiresAt: '2020-01-01T00:00:00Z' },
    })
    expect(past.status).toBe(422)
  })

  it('permissions: rotation keeps the old key for its grace period — when a key is rotated, then the new key works at once, the old one until its grace ends, and with no grace it stops within 5 s everywhere', async () => {
    const key = await issueKey(site.websiteId, { role: 'viewer' })
    const rotated = await expectStatus(
      admin()('POST', `${keysPath()}/${key.id}/rotate`, { body: { graceSeconds: 3600 } }),
      201,
    )
    expect(rotated.body).toMatchObject({ role: 'viewer', replaces: { id: key.id } })
    expect(rotated.body.key).not.toBe(key.key)
    expect((await apiClient(rotated.body.key)('GET', '/api/content')).status).toBe(200)
    expect((await key.api('GET', '/api/content')).status).toBe(200)

    const again = await issueKey(site.websiteId, { role: 'viewer' })
    const elsewhere = apiClient(again.key, second.url)
    expect((await elsewhere('GET', '/api/content')).status).toBe(200)
    const rotatedAt = Date.now()
    await expectStatus(
      admin()('POST', `${keysPath()}/${again.id}/rotate`, { body: { graceSeconds: 0 } }),
      201,
    )
    await eventually(() => elsewhere('GET', '/api/content'), 401)
    expect(Date.now() - rotatedAt).toBeLessThanOrEqual(5000)
  })

  it('permissions: nobody grants more than they hold — when a key with manageKeys makes keys and roles through /api, then it may hand on what it holds and is 403 for anything more', async () => {
    const name = `keeper-${randomUUID().slice(0, 6)}`
    await createRole(site.websiteId, name, { read: '*', readDrafts: '*', manageKeys: true })
    const keeper = await issueKey(site.websiteId, { role: name })
    const viewer = await expectStatus(
      keeper.api('POST', '/api/keys', { body: { role: 'viewer', name: 'frontend' } }),
      201,
    )
    expect(viewer.body).toMatchObject({ role: 'viewer', name: 'frontend' })
    expect((await apiClient(viewer.body.key)('GET', '/api/content')).status).toBe(200)
    const owner = await keeper.api('POST', '/api/keys', { body: { role: 'owner' } })
    expect(owner.status).toBe(403)
    expect(owner.body.error.message).toBe(
      'This key would grant more than this key holds (manageKeys)',
    )
    const wider = await keeper.api('POST', '/api/roles', {
      body: { name: `wide-${randomUUID().slice(0, 6)}`, permissions: { delete: '*' } },
    })
    expect(wider.status).toBe(403)
    const revokeOwner = await keeper.api('DELETE', `/api/keys/${site.adminKeyId}`)
    expect(revokeOwner.status).toBe(403)
    expect((await site.api('GET', '/api/content')).status).toBe(200)
    await expectStatus(keeper.api('DELETE', `/api/keys/${viewer.body.id}`), 204)
    const editor = await issueKey(site.websiteId, { role: 'editor' })
    const noManage = await editor.api('GET', '/api/keys')
    expect(noManage.status).toBe(403)
    expect(noManage.body.error.message).toBe('This request needs the manageKeys permission')
  })
})

describe('stored answers', () => {
  it('permissions: stored answers are not shared across types — when a key restricted to event repeats the Idempotency-Key of an owner who created an article, then it gets a 422 and never the article', async () => {
    const idempotencyKey = randomUUID()
    const body = { type: 'article', data: { title: 'Owner only' } }
    const headers = { 'idempotency-key': idempotencyKey }
    const created = await expectStatus(site.api('POST', '/api/content', { body, headers }), 201)
    const events = await issueKey(site.websiteId, { role: 'editor', types: ['event'] })
    const replay = await events.api('POST', '/api/content', { body, headers })
    expect(replay.status).toBe(422)
    expect(replay.text).not.toContain(created.body.id)
  })
})

describe('preview tokens', () => {
  let draftId: string
  let otherId: string
  const draft = (api: ApiCall, id: string) => api('GET', `/api/content/${id}?draft=true`)

  beforeAll(async () => {
    const make = async (title: string) =>
      (
        await expectStatus(
          site.api('POST', '/api/content', { body: { type: 'article', data: { title } } }),
          201,
        )
      ).body.id as string
    draftId = await make('Coming soon')
    otherId = await make('Also a draft')
  })

  it('permissions: preview tokens read drafts and nothing else — when a key with readDrafts makes a token, then the token reads drafts, writes nothing and makes no tokens; a viewer key may make none', async () => {
    const made = await expectStatus(
      site.api('POST', '/api/preview-tokens', { body: { expiresInSeconds: 120 } }),
      201,
    )
    expect(made.body.token).toMatch(/^cmsp_/)
    expect(made.body.types).toBe('*')
    const preview = apiClient(made.body.token)
    expect((await draft(preview, draftId)).body.data.title).toBe('Coming soon')
    const write = await preview('PATCH', `/api/content/${draftId}`, {
      body: { data: { title: 'x' } },
    })
    expect(write.status).toBe(403)
    expect((await preview('POST', '/api/preview-tokens', { body: {} })).status).toBe(403)
    const tampered = apiClient(`${made.body.token.slice(0, -2)}AA`)
    expect((await draft(tampered, draftId)).status).toBe(401)
    const viewer = await site.readApi('POST', '/api/preview-tokens', { body: {} })
    expect(viewer.status).toBe(403)
    expect(viewer.body.error.message).toBe('This request needs the readDrafts permission')
  })

  it('permissions: a preview token of one document reads that document only — when a token names a document, then another document and lists are 403', async () => {
    const made = await expectStatus(
      site.api('POST', '/api/preview-tokens', { body: { documentId: draftId } }),
      201,
    )
    const preview = apiClient(made.body.token)
    expect((await draft(preview, draftId)).status).toBe(200)
    expect((await draft(preview, otherId)).status).toBe(403)
    expect((await preview('GET', '/api/content?draft=true')).status).toBe(403)
  })

  it('permissions: a preview token dies with its key — when the issuing key is revoked, then its tokens are 401 within 5 s', async () => {
    const issuer = await issueKey(site.websiteId, { role: 'preview' })
    const made = await expectStatus(issuer.api('POST', '/api/preview-tokens', { body: {} }), 201)
    const preview = apiClient(made.body.token, second.url)
    expect((await draft(preview, draftId)).status).toBe(200)
    const revokedAt = Date.now()
    await expectStatus(admin()('DELETE', `${keysPath()}/${issuer.id}`), 204)
    await eventually(() => draft(preview, draftId), 401)
    expect(Date.now() - revokedAt).toBeLessThanOrEqual(5000)
  })
})
