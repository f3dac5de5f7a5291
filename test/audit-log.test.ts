import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient, apiClient, createTestWebsite, jsonClient, testEnv } from '@cms/testkit'
import { startGateway } from '../services/gateway/test/support/gateway-under-test.ts'
import { signIn } from './people-api-kit.ts'
import { createTestPerson } from './people-kit.ts'
import { cms } from '../apps/cli/test/support/cms-under-test.ts'

let mongo: MongoClient
const entries = () => mongo.db('cms_audit').collection('audit_entries')

beforeAll(async () => {
  mongo = await MongoClient.connect(testEnv().mongoUrl)
})
afterAll(async () => {
  await mongo.close()
})

describe('audit log', () => {
  it("audit: a key's change leaves one entry naming the key — when an owner key creates a key, then /api/audit shows key.create with the key as actor, the new key as target, the request, and the members named", async () => {
    const site = await createTestWebsite()
    const created = await site.api('POST', '/api/keys', {
      body: { name: 'reporting', role: 'viewer' },
      headers: { 'user-agent': 'audit-test/1', 'x-request-id': 'audit-request-1' },
    })
    expect(created.status, created.text).toBe(201)
    // The website's own two keys were made by the admin token: entries of the same chain.
    const log = await site.api('GET', `/api/audit?action=key.create&actor=${site.adminKeyId}`)
    expect(log.status, log.text).toBe(200)
    expect(log.body.docs).toHaveLength(1)
    const [entry] = log.body.docs
    expect(entry).toMatchObject({
      chain: site.websiteId,
      action: 'key.create',
      outcome: 'success',
      actor: { kind: 'key', id: site.adminKeyId, name: 'admin key' },
      target: { kind: 'key', id: created.body.id },
      requestId: 'audit-request-1',
      userAgent: 'audit-test/1',
      changes: ['name', 'role'],
    })
    expect(entry.address).toMatch(/127\.0\.0\.1/)
    expect(JSON.stringify(entry)).not.toContain(created.body.key)
    expect(entry.hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('audit: reading the log needs readAudit — when a viewer key asks for /api/audit, then 403 naming readAudit; an owner key is answered', async () => {
    const site = await createTestWebsite()
    const refused = await site.readApi('GET', '/api/audit')
    expect(refused.status).toBe(403)
    expect(refused.body.error.details[0].message).toBe('readAudit')
    expect((await site.api('GET', '/api/audit/head')).status).toBe(200)
  })

  it("audit: people's sign-ins and failed sign-ins are entries of the platform — when a person signs in and someone guesses their password, then both are in the platform chain with the person or the email", async () => {
    const person = await createTestPerson()
    await signIn(person)
    const wrong = await jsonClient(testEnv().gatewayUrl, {})('POST', '/auth/password', {
      body: { email: person.email, password: 'not the password' },
    })
    expect(wrong.status).toBe(401)
    const admin = adminClient()
    const signIns = await admin('GET', `/admin/api/audit?chain=platform&actor=${person.id}`)
    expect(signIns.body.docs).toEqual([
      expect.objectContaining({
        action: 'person.sign-in',
        outcome: 'success',
        actor: { kind: 'person', id: person.id, name: person.name },
        target: { kind: 'person', id: person.id, type: 'password' },
      }),
    ])
    const failures = await admin(
      'GET',
      `/admin/api/audit?chain=platform&action=person.sign-in&target=${encodeURIComponent(person.email)}`,
    )
    expect(failures.body.docs).toEqual([
      expect.objectContaining({ outcome: 'failure', actor: { kind: 'anonymous', id: null } }),
    ])
    const created = await admin('GET', `/admin/api/audit?action=person.create&target=${person.id}`)
    expect(created.body.docs[0].actor).toEqual({ kind: 'operator', id: null, name: 'admin token' })
  })

  it('audit: entries are immutable through every API — when an entry is sent PATCH or DELETE, then no route takes it', async () => {
    const site = await createTestWebsite()
    for (const method of ['PATCH', 'DELETE', 'PUT', 'POST']) {
      const answer = await site.api(method, '/api/audit', { body: {} })
      expect(answer.status, method).toBe(405)
      const admin = await adminClient()(method, '/admin/api/audit', { body: {} })
      expect([404, 405], method).toContain(admin.status)
    }
  })

  it('audit: the chain holds under concurrent writers — when two gateways append to one website at once, then every place is taken once and the chain verifies', async () => {
    const site = await createTestWebsite()
    const second = await startGateway()
    try {
      const writers = [apiClient(site.adminKey), apiClient(site.adminKey, second.url)]
      await Promise.all(
        Array.from({ length: 16 }, (_, n) =>
          writers[n % 2]!('POST', '/api/roles', {
            body: { name: `role-${n}`, permissions: { read: '*' } },
          }).then((answer) => expect(answer.status, answer.text).toBe(201)),
        ),
      )
    } finally {
      await second.stop()
    }
    const verified = await cms(['audit', 'verify', '--website', site.websiteId, '--json'])
    expect(verified.stderr).toBe('')
    expect(verified.code).toBe(0)
    // The 16 roles and the website's two keys.
    expect(JSON.parse(verified.stdout)).toMatchObject({ chain: site.websiteId, checked: 18 })
  })

  it('audit: cms audit verify names a changed or a removed entry — when an entry is edited in the database, then verify exits 1 naming it; when one is removed, then verify names the gap', async () => {
    const site = await createTestWebsite()
    for (const name of ['first', 'second', 'third', 'fourth'])
      await site.api('POST', '/api/roles', { body: { name, permissions: { read: '*' } } })
    const whole = await cms(['audit', 'verify', '--website', site.websiteId])
    expect(whole.code, whole.stderr).toBe(0)
    expect(whole.stdout).toContain('6 entries verify')

    const second = await entries().findOne({ _id: `${site.websiteId}:2` as never })
    await entries().updateOne(
      { _id: `${site.websiteId}:2` as never },
      { $set: { action: 'role.delete' } },
    )
    const changed = await cms(['audit', 'verify', '--website', site.websiteId])
    expect(changed.code).toBe(1)
    expect(changed.stderr).toContain('entry 2 was changed after it was written')

    await entries().updateOne(
      { _id: `${site.websiteId}:2` as never },
      { $set: { action: second!.action } },
    )
    expect((await cms(['audit', 'verify', '--website', site.websiteId])).code).toBe(0)
    await entries().deleteOne({ _id: `${site.websiteId}:3` as never })
    const removed = await cms(['audit', 'verify', '--website', site.websiteId])
    expect(removed.code).toBe(1)
    expect(removed.stderr).toContain('entry 3 is missing')
  })
})
