import { describe, expect, it } from 'vitest'
import { testEnv, waitFor } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { cms } from '../apps/cli/test/support/cms-under-test.ts'
import { contentSite, expectStatus } from './content-fixtures.ts'
import { makeImage, upload, uploadTo } from './media-kit.ts'
import { signIn } from './people-api-kit.ts'
import { createTestPerson } from './people-kit.ts'

/**
 * The content service's changes in the audit log (docs/audit.md, "Content"): each change through
 * the version commit is appended by the outbox relay (so it shows shortly after the answer);
 * media and schedules are appended before their answer.
 */

interface Entry {
  seq: number
  action: string
  actor: { kind: string; id: string | null; name?: string }
  target?: { kind: string; id?: string; type?: string; version?: number }
  requestId?: string
  changes?: string[]
}

/** The website's entries of one target, oldest first (the owner key reads them). */
async function entriesOf(api: ApiCall, targetId: string): Promise<Entry[]> {
  const page = await expectStatus(
    api('GET', `/api/audit?target=${targetId}&order=asc&limit=100`),
    200,
  )
  return page.body.docs as Entry[]
}

/** Waits until the target has `count` entries (the relay appends after the answer). */
async function settledEntries(api: ApiCall, targetId: string, count: number): Promise<Entry[]> {
  await waitFor(async () => ((await entriesOf(api, targetId)).length >= count ? true : undefined), {
    what: `${count} audit entries of ${targetId}`,
  })
  return entriesOf(api, targetId)
}

async function cmsVerify(websiteId: string) {
  const { code, stdout, stderr } = await cms(['audit', 'verify', '--website', websiteId])
  return { code, out: stdout + stderr }
}

const summary = (entries: Entry[]) =>
  entries.map((entry) => [entry.action, entry.target?.version ?? null])

describe("the content service's changes in the audit log", () => {
  it("audit: every document change leaves one entry naming the key — when a key creates, updates, saves a draft, discards it, publishes, unpublishes, restores and deletes a document, then each is one entry with the key as actor and the document's type and version, and the chain verifies", async () => {
    const site = await contentSite()
    const docId = (await site.createArticle({ title: 'Audited' })).id as string
    const path = `/api/content/${docId}`
    const change = (method: string, suffix = '', body?: object) =>
      expectStatus(
        site.api(method, `${path}${suffix}`, body ? { body } : {}),
        // The document's delete answers nothing; every other change answers the document.
        method === 'DELETE' && suffix === '' ? 204 : 200,
      )
    await change('PATCH', '', { data: { body: 'v2' } })
    await change('POST', '/publish')
    await change('PATCH', '?draft=true', { data: { body: 'pending' } })
    await change('DELETE', '/draft')
    await change('POST', '/unpublish')
    await change('POST', `/restore/${docId}:2`)
    await change('DELETE')

    const entries = await settledEntries(site.api, docId, 8)
    expect(summary(entries)).toEqual([
      ['document.create', 1],
      ['document.update', 2],
      ['document.publish', 3],
      ['document.update', 4],
      ['document.discard-draft', 5],
      ['document.unpublish', 6],
      ['document.restore', 7],
      ['document.delete', 8],
    ])
    for (const entry of entries) {
      expect(entry.actor).toEqual({ kind: 'key', id: site.adminKeyId, name: 'admin key' })
      expect(entry.target).toMatchObject({ kind: 'document', id: docId, type: 'article' })
      expect(entry.requestId).toEqual(expect.any(String))
    }
    const verified = await cmsVerify(site.websiteId)
    expect(verified.code, verified.out).toBe(0)
  })

  it('audit: a retried document change is one entry — when the same PATCH is sent twice with one Idempotency-Key, then one document.update is in the log; a publish of the published document changes nothing and is no entry', async () => {
    const site = await contentSite()
    const doc = await site.createArticle({ title: 'Retried' })
    const send = () =>
      expectStatus(
        site.api('PATCH', `/api/content/${doc.id}`, {
          body: { data: { body: 'once' } },
          headers: { 'idempotency-key': `retry-${doc.id}` },
        }),
        200,
      )
    await send()
    await send()
    await expectStatus(site.api('POST', `/api/content/${doc.id}/publish`), 200)
    await expectStatus(site.api('POST', `/api/content/${doc.id}/publish`), 200)
    // A later change: once its entry is in, the relay has been past the others' too.
    await expectStatus(site.api('POST', `/api/content/${doc.id}/unpublish`), 200)
    const entries = await settledEntries(site.api, doc.id, 4)
    expect(summary(entries)).toEqual([
      ['document.create', 1],
      ['document.update', 2],
      ['document.publish', 3],
      ['document.unpublish', 4],
    ])
  })

  it("audit: a person's document changes name the person — when a signed-in editor creates and publishes a document, then both entries have the person as actor", async () => {
    const site = await contentSite()
    const person = await createTestPerson({
      memberships: [{ websiteId: site.websiteId, role: 'editor' }],
    })
    const session = await signIn(person)
    const call = session.call(site.websiteId)
    const made = await expectStatus(
      call('POST', '/api/content', { body: { type: 'article', data: { title: 'By a person' } } }),
      201,
    )
    await expectStatus(call('POST', `/api/content/${made.body.id}/publish`), 200)
    const entries = await settledEntries(site.api, made.body.id, 2)
    expect(summary(entries)).toEqual([
      ['document.create', 1],
      ['document.publish', 2],
    ])
    for (const entry of entries)
      expect(entry.actor).toEqual({ kind: 'person', id: person.id, name: person.name })
  })

  it('audit: media changes are entries before their answer — when a key uploads, updates and deletes a file, then media.upload, media.update (naming the members) and media.delete are in the log as each is answered', async () => {
    const site = await contentSite()
    const bytes = await makeImage()
    const uploaded = await upload(site, { bytes, name: 'audited.png', type: 'image/png' })
    expect(uploaded.status).toBe(201)
    const mediaId = uploaded.body.id as string
    expect(summary(await entriesOf(site.api, mediaId))).toEqual([['media.upload', null]])
    await expectStatus(
      site.api('PATCH', `/api/media/${mediaId}`, { body: { alt: 'A block', caption: 'c' } }),
      200,
    )
    expect(summary(await entriesOf(site.api, mediaId))).toEqual([
      ['media.upload', null],
      ['media.update', null],
    ])
    await expectStatus(site.api('DELETE', `/api/media/${mediaId}`), 204)
    const entries = await entriesOf(site.api, mediaId)
    expect(entries.map((entry) => entry.action)).toEqual([
      'media.upload',
      'media.update',
      'media.delete',
    ])
    expect(entries[1]!.changes).toEqual(['alt', 'caption'])
    for (const entry of entries) {
      expect(entry.target).toEqual({ kind: 'media', id: mediaId })
      expect(entry.actor).toMatchObject({ kind: 'key', id: site.adminKeyId })
    }
  })

  it('audit: a retried upload is one entry — when the same upload is sent twice with one Idempotency-Key, then both answers name one file and one media.upload is in the log', async () => {
    const site = await contentSite()
    const file = { bytes: await makeImage({ width: 32 }), name: 'twice.png', type: 'image/png' }
    const send = () =>
      uploadTo(testEnv().gatewayUrl, site.adminKey, file, {}, { 'idempotency-key': 'upload-once' })
    const [first, again] = [await send(), await send()]
    expect([first.status, again.status]).toEqual([201, 201])
    expect(again.body.id).toBe(first.body.id)
    expect(summary(await entriesOf(site.api, first.body.id))).toEqual([['media.upload', null]])
  })

  it("audit: schedules are entries, and a scheduled publish is the system's — when a key schedules a publish and cancels an unpublish, then schedule.create and schedule.cancel name the key; when the publish runs, then schedule.run names the system with the version it made", async () => {
    const site = await contentSite()
    const doc = await site.createArticle({ title: 'Scheduled' })
    // The relay appends the create after the answer; a schedule's entry is appended before its
    // answer, so the create is waited for to make the chain's order the order of the changes.
    await settledEntries(site.api, doc.id, 1)
    const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString()
    const later = await expectStatus(
      site.api('POST', `/api/content/${doc.id}/schedule`, {
        body: { action: 'unpublish', at: inSeconds(3600) },
      }),
      201,
    )
    await expectStatus(site.api('DELETE', `/api/content/${doc.id}/schedule/${later.body.id}`), 204)
    await expectStatus(
      site.api('POST', `/api/content/${doc.id}/schedule`, {
        body: { action: 'publish', at: inSeconds(1) },
      }),
      201,
    )
    const entries = await settledEntries(site.api, doc.id, 5)
    expect(summary(entries)).toEqual([
      ['document.create', 1],
      ['schedule.create', null],
      ['schedule.cancel', null],
      ['schedule.create', null],
      ['schedule.run', 2],
    ])
    for (const entry of entries.slice(0, 4))
      expect(entry.actor).toMatchObject({ kind: 'key', id: site.adminKeyId })
    expect(entries[4]!.actor).toEqual({ kind: 'system', id: null })
    expect(entries[4]!.target).toEqual({
      kind: 'document',
      id: doc.id,
      type: 'article',
      version: 2,
    })
    const published = await site.api('GET', `/api/content/${doc.id}`)
    expect(published.body).toMatchObject({ status: 'published', version: 2 })
  })
})
