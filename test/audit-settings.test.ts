import { describe, expect, it } from 'vitest'
import { createTestWebsite, internalClient, testEnv } from '@cms/testkit'
import type { ApiCall, TestWebsite } from '@cms/testkit'
import { cms } from '../apps/cli/test/support/cms-under-test.ts'
import { expectStatus } from './content-fixtures.ts'
import { signIn } from './people-api-kit.ts'
import { createTestPerson } from './people-kit.ts'

const TYPE = {
  name: 'page',
  label: 'Page',
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'body', type: 'textarea' },
  ],
}
const LOCALES = {
  locales: [
    { code: 'en', default: true },
    { code: 'fr', fallback: 'en' },
  ],
}
const SECRET = 'whsec_' + Buffer.from('a secret of the audit test').toString('base64')

/** The website's entries in chain order, but for its own two keys (made with the website). */
async function settingsEntries(site: TestWebsite): Promise<any[]> {
  const log = await expectStatus(site.api('GET', '/api/audit?order=asc&limit=100'), 200)
  return (log.body.docs as any[]).filter((entry) => entry.action !== 'key.create')
}

/** `cms audit verify --website <id> --json`, in this process. */
async function verify(websiteId: string) {
  const { code, stdout, stderr } = await cms(['audit', 'verify', '--website', websiteId, '--json'])
  return { code, stderr, verdict: stdout && JSON.parse(stdout) }
}

/** A type created, changed and deleted, and the locales set, by `api`. */
async function changeSchema(api: ApiCall) {
  await expectStatus(api('POST', '/api/content-types', { body: TYPE }), 201)
  await expectStatus(
    api('PATCH', '/api/content-types/page', {
      body: { label: 'Pages', fields: [...TYPE.fields, { name: 'summary', type: 'text' }] },
    }),
    200,
  )
  await expectStatus(api('PUT', '/api/locales', { body: LOCALES }), 200)
  await expectStatus(api('DELETE', '/api/content-types/page'), 204)
}

/** A webhook created, changed, pinged, its ping redelivered, and deleted, by `api`. */
async function changeWebhook(api: ApiCall): Promise<string> {
  const created = await expectStatus(
    api('POST', '/api/webhooks', {
      body: { name: 'audit', url: 'http://127.0.0.1:9/hook', events: ['entry.update'] },
    }),
    201,
  )
  const id = created.body.id as string
  await expectStatus(
    api('PATCH', `/api/webhooks/${id}`, { body: { name: 'audited', secret: SECRET } }),
    200,
  )
  const ping = await expectStatus(api('POST', `/api/webhooks/${id}/test`), 202)
  await expectStatus(api('POST', `/api/webhooks/${id}/deliveries/${ping.body.id}/redeliver`), 202)
  await expectStatus(api('DELETE', `/api/webhooks/${id}`), 204)
  return id
}

describe('audit log: settings (schema and webhook services)', () => {
  it("audit: a content type's and the locales' changes are entries — when a key creates, changes and deletes a type and sets the locales, then each leaves one entry with the key as actor, the type as target and the members named, and the chain verifies", async () => {
    const site = await createTestWebsite()
    await changeSchema(site.api)
    const entries = await settingsEntries(site)
    const actor = { kind: 'key', id: site.adminKeyId, name: 'admin key' }
    expect(entries).toEqual([
      expect.objectContaining({
        chain: site.websiteId,
        action: 'content-type.create',
        outcome: 'success',
        actor,
        target: { kind: 'content-type', id: 'page', version: 1 },
        changes: ['fields', 'label', 'name', 'fields.title', 'fields.body'],
      }),
      expect.objectContaining({
        action: 'content-type.update',
        actor,
        target: { kind: 'content-type', id: 'page', version: 2 },
        changes: ['fields', 'label', 'fields.title', 'fields.body', 'fields.summary'],
      }),
      expect.objectContaining({
        action: 'locales.set',
        actor,
        target: { kind: 'locales' },
        changes: ['en', 'fr'],
      }),
      expect.objectContaining({
        action: 'content-type.delete',
        actor,
        target: { kind: 'content-type', id: 'page' },
      }),
    ])
    expect(entries.every((entry) => entry.requestId && entry.address)).toBe(true)
    expect(entries.find((entry) => entry.changes === undefined)?.action).toBe('content-type.delete')
    const verified = await verify(site.websiteId)
    expect(verified.stderr).toBe('')
    expect(verified.code).toBe(0)
    expect(verified.verdict).toMatchObject({ chain: site.websiteId, checked: 6 })
  })

  it("audit: a webhook's changes are entries — when a key creates, changes, tests, redelivers and deletes a webhook, then each leaves one entry with the key as actor and the webhook as target, the secret named but never its value, and the chain verifies", async () => {
    const site = await createTestWebsite()
    const id = await changeWebhook(site.api)
    const entries = await settingsEntries(site)
    const actor = { kind: 'key', id: site.adminKeyId, name: 'admin key' }
    const target = { kind: 'webhook', id }
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'webhook.create',
        actor,
        target,
        changes: ['events', 'name', 'url'],
      }),
      expect.objectContaining({
        action: 'webhook.update',
        actor,
        target,
        changes: ['name', 'secret'],
      }),
      expect.objectContaining({ action: 'webhook.test', actor, target }),
      expect.objectContaining({ action: 'webhook.redeliver', actor, target }),
      expect.objectContaining({ action: 'webhook.delete', actor, target }),
    ])
    expect(JSON.stringify(entries)).not.toContain(SECRET)
    const verified = await verify(site.websiteId)
    expect(verified.code, verified.stderr).toBe(0)
    expect(verified.verdict).toMatchObject({ checked: 7 })
  })

  it("audit: a person's settings changes name the person — when a signed-in owner changes a type, the locales and a webhook with x-cms-website, then every entry has the person as actor", async () => {
    const site = await createTestWebsite()
    const person = await createTestPerson({
      memberships: [{ websiteId: site.websiteId, role: 'owner' }],
    })
    const session = await signIn(person)
    const api = session.call(site.websiteId)
    await changeSchema(api)
    await changeWebhook(api)
    const entries = await settingsEntries(site)
    expect(entries.map((entry) => entry.action)).toEqual([
      'content-type.create',
      'content-type.update',
      'locales.set',
      'content-type.delete',
      'webhook.create',
      'webhook.update',
      'webhook.test',
      'webhook.redeliver',
      'webhook.delete',
    ])
    for (const entry of entries)
      expect(entry.actor, entry.action).toEqual({
        kind: 'person',
        id: person.id,
        name: person.name,
      })
    expect((await verify(site.websiteId)).code).toBe(0)
  })

  it('audit: a refused settings change leaves no entry — when a type definition, a type change, a locale list, a webhook and a webhook change are refused with 422, then the chain has no entry for any of them', async () => {
    const site = await createTestWebsite()
    await expectStatus(site.api('POST', '/api/content-types', { body: TYPE }), 201)
    const hook = await expectStatus(
      site.api('POST', '/api/webhooks', {
        body: { name: 'kept', url: 'http://127.0.0.1:9/hook', events: ['entry.update'] },
      }),
      201,
    )
    const before = await settingsEntries(site)
    expect(before.map((entry) => entry.action)).toEqual(['content-type.create', 'webhook.create'])

    const refused = [
      site.api('POST', '/api/content-types', {
        body: { name: 'bad', fields: [{ name: 'x', type: 'no-such-type' }] },
      }),
      site.api('PATCH', '/api/content-types/page', { body: { fields: 'not a list' } }),
      site.api('PUT', '/api/locales', { body: { locales: [{ code: 'en' }, { code: 'en' }] } }),
      site.api('POST', '/api/webhooks', { body: { name: 'bad', url: 'not a url', events: [] } }),
      site.api('PATCH', `/api/webhooks/${hook.body.id}`, { body: { url: 'not a url' } }),
    ]
    for (const answer of await Promise.all(refused)) expect(answer.status, answer.text).toBe(422)
    expect(await settingsEntries(site)).toEqual(before)
  })

  it('audit: a retried settings change is one entry — when one change reaches its service twice under one Idempotency-Key (as after a 5xx, when the gateway gives the key up), then it is one entry; the same change sent twice without a key is two', async () => {
    const site = await createTestWebsite()
    const caller = { websiteId: site.websiteId, keyId: site.adminKeyId }
    const webhookService = internalClient(testEnv().webhookUrl, caller)
    const schemaService = internalClient(testEnv().schemaUrl, caller)
    const keyed = (key: string) => ({ headers: { 'idempotency-key': key } })
    const hook = { name: 'retried', url: 'http://127.0.0.1:9/hook', events: ['entry.update'] }
    const created = []
    for (const _attempt of [1, 2])
      created.push(await webhookService('POST', '/api/webhooks', { body: hook, ...keyed('hook') }))
    expect(created.map((answer) => answer.status)).toEqual([201, 201])
    expect(created[1]!.body.id).toBe(created[0]!.body.id)
    for (const options of [keyed('locales'), keyed('locales'), {}, {}])
      await expectStatus(schemaService('PUT', '/api/locales', { body: LOCALES, ...options }), 200)
    expect((await settingsEntries(site)).map((entry) => entry.action).sort()).toEqual([
      'locales.set',
      'locales.set',
      'locales.set',
      'webhook.create',
    ])
    expect((await verify(site.websiteId)).code).toBe(0)
  })
})
