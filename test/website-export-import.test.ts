import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient, apiClient, createTestWebsite, testEnv, waitFor } from '@cms/testkit'
import type { ApiCall, TestWebsite } from '@cms/testkit'
import { runCli } from '../apps/cli/src/run-cli.ts'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Receiver } from '../services/webhook/test/support/receiver.ts'
import { asset } from './media-kit.ts'
import { countRecords, populateWebsite, relatedIds } from './lifecycle-kit.ts'
import type { Populated } from './lifecycle-kit.ts'

/** `cms <argv>` in this process: exit code, stdout bytes, stderr text. */
async function cms(argv: string[], stdin?: Buffer) {
  const out: Buffer[] = []
  let err = ''
  const code = await runCli(argv, {
    env: { CMS_URL: testEnv().gatewayUrl, CMS_ADMIN_TOKEN: testEnv().adminToken },
    stdout: { write: (data) => out.push(Buffer.from(data)) },
    stderr: { write: (text) => (err += text) },
    ...(stdin && { stdin: Readable.from([stdin]) }),
  })
  return { code, stdout: Buffer.concat(out), stderr: err }
}

async function exportOf(websiteId: string): Promise<Buffer> {
  const exported = await cms(['website', 'export', websiteId])
  expect(exported.stderr).toBe('')
  expect(exported.code).toBe(0)
  return exported.stdout
}

async function importAs(name: string, file: Buffer) {
  const imported = await cms(['website', 'import', name, '--json'], file)
  expect(imported.stderr).toBe('')
  expect(imported.code).toBe(0)
  return JSON.parse(imported.stdout.toString('utf8'))
}

/** The first line without what names the website and the moment of the export. */
function headerWithoutIdentity(line: string) {
  const header = JSON.parse(line)
  delete header.exportedAt
  delete header.website.id
  delete header.website.name
  delete header.website.createdAt
  return header
}

async function adminKeyOf(websiteId: string): Promise<ApiCall> {
  const key = await adminClient()('POST', `/admin/api/websites/${websiteId}/keys`, {
    body: { scope: 'admin', rateLimit: { perMinute: 1_000_000, perDay: 100_000_000 } },
  })
  expect(key.status).toBe(201)
  return apiClient(key.body.key)
}

async function postImport(name: string, body: string | Buffer) {
  const response = await fetch(`${testEnv().gatewayUrl}/admin/api/websites/import?name=${name}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${testEnv().adminToken}`,
      'content-type': 'application/x-ndjson',
    },
    body,
  })
  return { status: response.status, body: (await response.json()) as any }
}

async function waitForPurge(websiteId: string) {
  return waitFor(
    async () => {
      const progress = await adminClient()('GET', `/admin/api/purges/${websiteId}`)
      return progress.body.state === 'done' ? progress.body : undefined
    },
    { timeoutMs: 90_000, what: `the purge of ${websiteId}` },
  )
}

const LIST = '/api/content?draft=true&limit=100&sort=createdAt'

let receiver: Receiver
let site: TestWebsite
let populated: Populated
let original: Buffer
/** A document of a localized type with English and French values. */
let localized: string
/** What the original website answered, by path, before it was deleted. */
const reads = new Map<string, string>()
const assets = new Map<string, Buffer>()
beforeAll(async () => {
  receiver = await startReceiver()
  site = await createTestWebsite()
  const quotas = await adminClient()('PATCH', `/admin/api/websites/${site.websiteId}/quotas`, {
    body: { webhooks: 50 },
  })
  expect(quotas.status).toBe(200)
  populated = await populateWebsite(site, { receiverUrl: receiver.url, documents: 5 })
  // Locales: the website's list, a localized type, a document with French values and slug.
  const locales = await site.api('PUT', '/api/locales', {
    body: { locales: [{ code: 'en', default: true }, { code: 'fr' }] },
  })
  expect(locales.status).toBe(200)
  const pageType = await site.api('POST', '/api/content-types', {
    body: {
      name: 'page',
      titleField: 'title',
      localized: true,
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'hero', type: 'media' },
      ],
    },
  })
  expect(pageType.status).toBe(201)
  const page = await site.api('POST', '/api/content', {
    body: { type: 'page', data: { title: 'Welcome', hero: populated.media[0]!.id } },
  })
  expect(page.status).toBe(201)
  const french = await site.api('PATCH', `/api/content/${page.body.id}?locale=fr`, {
    body: { data: { title: 'Bienvenue' } },
  })
  expect(french.status).toBe(200)
  expect((await site.api('POST', `/api/content/${page.body.id}/publish`)).status).toBe(200)
  localized = page.body.id
  // A pending draft over a published document, a deleted document, a restored one.
  const [first, second, third] = populated.documents as [string, string, string]
  const draft = await site.api('PATCH', `/api/content/${first}?draft=true`, {
    body: { data: { count: 42 } },
  })
  expect(draft.status).toBe(200)
  expect((await site.api('DELETE', `/api/content/${second}`)).status).toBe(204)
  const history = await site.api('GET', `/api/content/${third}/versions`)
  expect(
    (await site.api('POST', `/api/content/${third}/restore/${history.body.docs.at(-1).id}`)).status,
  ).toBe(200)
  const paths = [
    '/api/locales',
    `/api/content/${localized}?draft=true&locale=*`,
    `/api/content/${localized}?locale=fr`,
    '/api/content/by-slug/page/bienvenue?locale=fr',
    `/api/content/${localized}/versions?limit=100`,
    '/api/content-types',
    LIST,
    '/api/content?type=everything&draft=true&populate=*',
    '/api/media?limit=100',
    '/api/webhooks',
    ...populated.documents.flatMap((id) => [
      `/api/content/${id}?draft=true`,
      `/api/content/${id}?draft=true&populate=*`,
      `/api/content/${id}/versions?limit=100`,
      `/api/content/${id}/schedule`,
    ]),
  ]
  for (const path of paths) {
    const read = await site.api('GET', path)
    expect(read.status, path).toBe(path.includes(populated.documents[1]!) ? 404 : 200)
    reads.set(path, read.text)
  }
  for (const file of populated.media) assets.set(file.id, (await asset(file.url)).bytes)
  original = await exportOf(site.websiteId)
}, 180_000)
afterAll(async () => {
  await receiver.close()
})

describe('website export and import', () => {
  it('lifecycle: export — when a website is exported, then the first line names it, one line holds each record without its website id, and the last line counts them', () => {
    const lines = original.toString('utf8').trimEnd().split('\n')
    const header = JSON.parse(lines[0]!)
    expect(header).toMatchObject({
      format: 'cms-website-export',
      version: 1,
      website: { id: site.websiteId, quotas: { webhooks: 50 } },
    })
    const records = lines.slice(1, -1).map((line) => JSON.parse(line))
    expect(JSON.parse(lines.at(-1)!)).toEqual({ end: true, records: records.length })
    // Audit entries keep their content, which may name the website (its quotas changed).
    for (const line of lines.slice(1).filter((text) => !text.includes('"service":"audit"')))
      expect(line).not.toContain(site.websiteId)
    const collections = new Set(records.map((r) => `${r.service}.${r.collection}`))
    for (const name of [
      'schema.content_types',
      'schema.content_type_versions',
      'schema.website_type_index',
      'content.documents',
      'content.versions',
      'content.slugs',
      'content.schedules',
      'content.releases',
      'content.media',
      'content.fs.files',
      'content.fs.chunks',
      'webhook.webhooks',
    ])
      expect(collections, name).toContain(name)
    // Logs, claims, pointers and transforms are not part of an export.
    for (const name of ['content.outbox', 'webhook.deliveries', 'webhook.payloads'])
      expect(collections, name).not.toContain(name)
    const hooks = records.filter((r) => r.collection === 'webhooks').map((r) => r.record)
    expect(hooks.map((hook) => [hook.name, hook.hasSecret, 'secret' in hook])).toEqual([
      ['signed', true, false],
      ['plain', false, false],
    ])
    const chunk = records.find((r) => r.collection === 'fs.chunks')
    expect(chunk.record.data.$binary.base64).toEqual(expect.any(String))
    const document = records.find((r) => r.collection === 'documents')
    expect(document.record.createdAt).toEqual({ $date: expect.any(String) })
  })

  it('lifecycle: an export imports once per installation — when the exported website is in this installation, then its import is 409 and creates nothing', async () => {
    const again = await cms(['website', 'import', 'again'], original)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain(`website ${site.websiteId} is already in this installation`)
    expect(again.stderr).toContain('(409 CONFLICT)')
    // Other files create websites on the shared stack meanwhile: look for this import's name only.
    const names = (await adminClient()('GET', '/admin/api/websites')).body.docs.map(
      (website: { name: string }) => website.name,
    )
    expect(names).not.toContain('again')
  })

  it('lifecycle: import keeps every id and byte; lifecycle: an incomplete export is refused and rolled back; lifecycle: imported webhooks get new secrets; lifecycle: an export imports once per installation — when the exported website is deleted and purged and its export imported, then every id is kept, every line of a new export but the first is the same bytes, every read through the public API is the same, and a second import is 409', async () => {
    const admin = adminClient()
    expect((await admin('DELETE', `/admin/api/websites/${site.websiteId}`)).status).toBe(204)
    // Not while its records are still being purged: their ids are still taken.
    const early = await postImport('early', original)
    expect(early.status).toBe(409)
    expect(early.body.error.message).toContain(`Website ${site.websiteId} is being purged`)
    await waitForPurge(site.websiteId)

    // An export cut short is refused, and what it had inserted is purged.
    const lines = original.toString('utf8').trimEnd().split('\n')
    const cut = await postImport('cut', `${lines.slice(0, -1).join('\n')}\n`)
    expect(cut.status).toBe(422)
    expect(cut.body.error.details[0].message).toContain('no end line')
    const cutId = /purges\/([0-9a-f-]{36})/.exec(cut.body.error.details.at(-1).message)![1]!
    const purged = await waitForPurge(cutId)
    expect(purged.reason).toBe('import-failed')
    expect(purged.removed).toBeGreaterThan(0)
    const left = await countRecords(cutId, await relatedIds(cutId))
    expect(Object.entries(left).filter(([, count]) => count > 0)).toEqual([])

    const answer = await importAs('copy', original)
    expect(answer.website).toMatchObject({ name: 'copy', importedFrom: site.websiteId })
    expect(answer.webhookSecrets).toEqual([
      { id: populated.webhooks[0], name: 'signed', secret: expect.stringMatching(/^whsec_/) },
    ])
    const copyId = answer.website.id as string
    const copy = await exportOf(copyId)

    // What differs: the first line's website id, name and creation time, and the export's time.
    // and the audit lines (the copy's chain is re-chained, with the import's own entry).
    const withoutAudit = (file: Buffer) =>
      file
        .toString('utf8')
        .split('\n')
        .filter((line) => !line.includes('"service":"audit"') && !line.startsWith('{"end":'))
    const [firstA, ...restA] = withoutAudit(original)
    const [firstB, ...restB] = withoutAudit(copy)
    expect(headerWithoutIdentity(firstB!)).toEqual(headerWithoutIdentity(firstA!))
    expect(JSON.parse(firstB!).website).toMatchObject({ id: copyId, name: 'copy' })
    expect(Buffer.from(restB.join('\n')).equals(Buffer.from(restA.join('\n')))).toBe(true)

    const copyApi = await adminKeyOf(copyId)
    for (const [path, text] of reads) {
      const read = await copyApi('GET', path)
      expect(read.text.replaceAll(copyId, site.websiteId), path).toBe(text)
    }
    const published = JSON.parse(reads.get(LIST)!).docs.find(
      (doc: any) => doc.type === 'everything' && doc.status === 'published',
    )
    const bySlug = await copyApi('GET', `/api/content/by-slug/everything/${published.slug}`)
    expect(bySlug.status).toBe(200)
    expect(bySlug.body.id).toBe(published.id)
    for (const file of populated.media) {
      const copied = await asset(file.url.replace(site.websiteId, copyId))
      expect(copied.status).toBe(200)
      expect(copied.bytes.equals(assets.get(file.id)!)).toBe(true)
    }
    const quotas = await admin('GET', `/admin/api/websites/${copyId}/quotas`)
    expect(quotas.body.quotas.webhooks).toMatchObject({ limit: 50, override: 50 })

    const twice = await postImport('twice', original)
    expect(twice.status).toBe(409)
    expect(twice.body.error.message).toContain(`as website ${copyId} ("copy")`)
  }, 240_000)
})
