import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient, createTestWebsite, testEnv, waitFor } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Receiver } from '../services/webhook/test/support/receiver.ts'
import { asset, makeImage, upload } from './media-kit.ts'
import { EVERYTHING_TYPE, countRecords, relatedIds, withMongo } from './lifecycle-kit.ts'
import { launchWebhookGateway } from './webhooks-stack.ts'

/** One line of an export: the header, a record, or the end. */
type Line = Record<string, any>

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g
const OBJECT_ID = /"\$oid":"([0-9a-f]{24})"/g

async function exportLines(websiteId: string): Promise<Line[]> {
  const response = await fetch(`${testEnv().gatewayUrl}/admin/api/websites/${websiteId}/export`, {
    headers: { authorization: `Bearer ${testEnv().adminToken}` },
  })
  expect(response.status).toBe(200)
  return (await response.text())
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Line)
}

/**
 * The same export with every id new (uuids and ObjectIds, the website's too), so it imports
 * beside the website it came from: a hostile file is this plus one crafted record.
 */
function freshCopy(lines: readonly Line[]): Line[] {
  const ids = new Map<string, string>()
  // New ids would not verify as the victim's audit chain, which an import checks: left out.
  const kept = lines.filter((line) => line.service !== 'audit')
  kept[kept.length - 1] = { end: true, records: kept.length - 2 }
  const text = kept
    .map((line) => JSON.stringify(line))
    .join('\n')
    .replace(UUID, (id) => ids.get(id) ?? ids.set(id, randomUUID()).get(id)!)
    .replace(OBJECT_ID, () => `"$oid":"${randomBytes(12).toString('hex')}"`)
  return text.split('\n').map((line) => JSON.parse(line) as Line)
}

const recordsOf = (lines: readonly Line[], collection: string) =>
  lines.filter((line) => line.collection === collection).map((line) => line.record)

/** `lines` with `extra` after the last line of `collection`, and the end line's count fixed. */
function withLine(lines: readonly Line[], collection: string, extra: Line): Line[] {
  const body = lines.slice(0, -1)
  let at = body.length
  for (let i = body.length - 1; i >= 0; i--)
    if (body[i]!.collection === collection) {
      at = i + 1
      break
    }
  const result = [...body.slice(0, at), extra, ...body.slice(at)]
  return [...result, { end: true, records: result.length - 1 }]
}

const fileOf = (lines: readonly Line[]) => lines.map((line) => JSON.stringify(line)).join('\n')

async function postImport(
  lines: readonly Line[],
  options: { name?: string; gatewayUrl?: string; adminToken?: string } = {},
) {
  const name = options.name ?? `hostile-${randomUUID().slice(0, 8)}`
  const url = options.gatewayUrl ?? testEnv().gatewayUrl
  const response = await fetch(`${url}/admin/api/websites/import?name=${name}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${options.adminToken ?? testEnv().adminToken}`,
      'content-type': 'application/x-ndjson',
    },
    body: fileOf(lines),
  })
  return { name, status: response.status, body: (await response.json()) as any }
}

async function websiteNames(): Promise<string[]> {
  const list = await adminClient()('GET', '/admin/api/websites')
  return list.body.docs.map((website: { name: string }) => website.name)
}

const LIST = '/api/content?draft=true&limit=100&sort=createdAt'

let receiver: Receiver
let victim: TestWebsite
let populated: { documents: string[]; media: Array<{ id: string; url: string }> }
let victimLines: Line[]
/** The victim's export with new ids: imports cleanly beside it. */
let base: () => Line[]
let before: Map<string, string>
/** A GridFS id of the victim's transforms' form, `<mediaId>~<key>`. */
let variantId: string

async function ok(what: string, answer: Promise<{ status: number; text: string; body: any }>) {
  const response = await answer
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${response.text}`)
  return response.body
}

/**
 * The victim: two types (one changed, so it has a version claim), documents with several
 * versions, one published and one scheduled, two media files and their transforms, a webhook.
 */
async function populateVictim(site: TestWebsite, receiverUrl: string) {
  const api = site.api
  await ok(
    'author type',
    api('POST', '/api/content-types', {
      body: { name: 'author', fields: [{ name: 'name', type: 'text', required: true }] },
    }),
  )
  await ok('type', api('POST', '/api/content-types', { body: EVERYTHING_TYPE }))
  await ok('type change', api('PATCH', '/api/content-types/author', { body: { label: 'Authors' } }))
  const media = []
  for (const format of ['png', 'jpeg'] as const) {
    const sent = await upload(site, { bytes: await makeImage({ format }), name: `a.${format}` })
    expect(sent.status).toBe(201)
    media.push({ id: sent.body.id as string, url: sent.body.url as string })
  }
  const documents: string[] = []
  for (const title of ['First', 'Second']) {
    const doc = await ok(
      'document',
      api('POST', '/api/content', {
        body: { type: 'everything', data: { title, cover: media[0]!.id } },
      }),
    )
    await ok('update', api('PATCH', `/api/content/${doc.id}`, { body: { data: { count: 1 } } }))
    documents.push(doc.id)
  }
  await ok('publish', api('POST', `/api/content/${documents[0]}/publish`))
  const later = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString()
  await ok(
    'schedule',
    api('POST', `/api/content/${documents[1]}/schedule`, {
      body: { action: 'publish', at: later },
    }),
  )
  await ok('webhook', api('POST', '/api/webhooks', { body: { name: 'hook', url: receiverUrl } }))
  return { documents, media }
}

/** Everything the victim's key and its public asset URLs show, by path. */
async function victimReads(): Promise<Map<string, string>> {
  const reads = new Map<string, string>()
  const paths = [
    LIST,
    '/api/content-types',
    '/api/locales',
    '/api/media?limit=100',
    '/api/webhooks',
    ...populated.documents.flatMap((id) => [
      `/api/content/${id}?draft=true`,
      `/api/content/${id}/versions?limit=100`,
      `/api/content/${id}/schedule`,
    ]),
  ]
  for (const path of paths) {
    const read = await victim.api('GET', path)
    reads.set(path, `${read.status} ${read.text}`)
  }
  for (const file of populated.media)
    for (const path of [file.url, `${file.url}?w=16`, `${file.url}?w=160`]) {
      const got = await asset(path)
      reads.set(
        path,
        `${got.status} ${got.headers.get('content-type')} ${got.bytes.toString('base64')}`,
      )
    }
  return reads
}

/** A refused import: 4xx in the error shape, no website, and the victim reads as before. */
async function expectRefused(
  answer: Awaited<ReturnType<typeof postImport>>,
  status: number,
  detail: { path?: string | RegExp; message?: RegExp },
) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status)
  expect(answer.body.error).toMatchObject({
    code: expect.any(String),
    message: expect.any(String),
    details: expect.any(Array),
  })
  const [first] = answer.body.error.details
  if (detail.path instanceof RegExp) expect(first.path).toMatch(detail.path)
  else if (detail.path !== undefined) expect(first.path).toBe(detail.path)
  if (detail.message) expect(first.message).toMatch(detail.message)
  expect(await websiteNames()).not.toContain(answer.name)
  expect(await victimReads()).toEqual(before)
}

const lineNumberOf = (lines: readonly Line[], record: Line) =>
  lines.findIndex((line) => line.record === record) + 1

beforeAll(async () => {
  receiver = await startReceiver()
  victim = await createTestWebsite()
  populated = await populateVictim(victim, receiver.url)
  // Transforms of the victim's files, stored as GridFS files `<mediaId>~<key>`.
  for (const file of populated.media)
    for (const size of ['16', '160']) await asset(`${file.url}?w=${size}`)
  variantId = await withMongo(async (client) => {
    const variant = await client
      .db('cms_content')
      .collection('fs.files')
      .findOne({ 'metadata.mediaId': populated.media[1]!.id })
    return variant ? String(variant._id) : `${populated.media[1]!.id}~w160`
  })
  victimLines = await exportLines(victim.websiteId)
  base = () => freshCopy(victimLines)
  before = await victimReads()
}, 180_000)
afterAll(async () => {
  await receiver?.close()
})

describe('a website import treats its file as untrusted input', () => {
  it('lifecycle: an import brings only its own records — when the victim export is imported with every id new, then it is 201 (the hostile files below differ from it by one record)', async () => {
    const answer = await postImport(base())
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body.imported.content.documents).toBe(recordsOf(victimLines, 'documents').length)
    expect(await victimReads()).toEqual(before)
  })

  it.each(['update', 'delete'])(
    "lifecycle: an import brings only its own records — when a version record (reason %s) names the victim's document and its next version, then the import is 422 naming the line, and the victim's document, history and next edit stay its own",
    async (reason) => {
      const lines = base()
      const [victimDoc] = populated.documents
      const current = await victim.api('GET', `/api/content/${victimDoc}?draft=true`)
      const template = recordsOf(victimLines, 'versions').find((v) => v.documentId === victimDoc)
      const next = current.body.version + 1
      const hostile = {
        service: 'content',
        collection: 'versions',
        record: { ...template, _id: `${victimDoc}:${next}`, version: next, reason },
      }
      const file = withLine(lines, 'versions', hostile)
      const answer = await postImport(file)
      await expectRefused(answer, 422, {
        path: `line ${lineNumberOf(file, hostile.record)}: record.documentId`,
        message: /which this import does not bring/,
      })
    },
  )

  it('lifecycle: an import trusts no record — when a version record has a wrong type and an unknown member, then the import is 422 naming the line and the member', async () => {
    const lines = base()
    const [template] = recordsOf(lines, 'versions')
    const hostile = {
      service: 'content',
      collection: 'versions',
      record: { ...template, _id: `${template.documentId}:99`, version: 99, state: 'x', extra: 1 },
    }
    const file = withLine(lines, 'versions', hostile)
    const answer = await postImport(file)
    const line = lineNumberOf(file, hostile.record)
    await expectRefused(answer, 422, { path: new RegExp(`^line ${line}: record\\.`) })
    const paths = answer.body.error.details.map((d: { path: string }) => d.path)
    expect(paths).toEqual(
      expect.arrayContaining([`line ${line}: record.state`, `line ${line}: record.extra`]),
    )
  })

  it('lifecycle: roles travel with an export — when a website with its own role is exported and the export imported, then the new website has the role with the same permissions; a header role with a built-in name, an unknown permission or a name given twice is 422 naming it', async () => {
    const site = await createTestWebsite()
    const permissions = { read: '*', create: ['event'], manageMedia: true }
    const roles = `/admin/api/websites/${site.websiteId}/roles`
    const made = await adminClient()('POST', roles, { body: { name: 'partner', permissions } })
    expect(made.status).toBe(201)
    const lines = await exportLines(site.websiteId)
    expect(lines[0]!.website.roles).toEqual([{ name: 'partner', permissions }])
    const imported = await postImport(freshCopy(lines))
    expect(imported.status, JSON.stringify(imported.body)).toBe(201)
    const copy = imported.body.website.id as string
    const listed = await adminClient()('GET', `/admin/api/websites/${copy}/roles`)
    expect(listed.body.docs).toContainEqual(
      expect.objectContaining({ name: 'partner', builtIn: false, permissions }),
    )

    const hostile = freshCopy(lines)
    hostile[0]!.website.roles = [
      { name: 'owner', permissions: {} },
      { name: 'x', permissions: { fly: '*' } },
      { name: 'twice', permissions: {} },
      { name: 'twice', permissions: {} },
    ]
    const refused = await postImport(hostile)
    await expectRefused(refused, 422, { path: 'line 1: website.roles[0].name' })
    expect(refused.body.error.details.map((detail: { path: string }) => detail.path)).toEqual([
      'line 1: website.roles[0].name',
      'line 1: website.roles[1].permissions.fly',
      'line 1: website.roles[3].name',
    ])
    expect(await websiteNames()).not.toContain(refused.name)
  })

  it("lifecycle: an import brings only its own records — when a slug claim names the victim's document, then the import is 422 naming the line", async () => {
    const lines = base()
    const hostile = {
      service: 'content',
      collection: 'slugs',
      record: {
        type: 'everything',
        slug: 'taken-over',
        documentId: populated.documents[0],
        createdAt: { $date: new Date().toISOString() },
      },
    }
    const file = withLine(lines, 'slugs', hostile)
    await expectRefused(await postImport(file), 422, {
      path: `line ${lineNumberOf(file, hostile.record)}: record.documentId`,
    })
  })

  it("lifecycle: an import brings only its own records — when a schedule names the victim's document (schedules come before documents), then the import is 422 naming the line at the end of its stream", async () => {
    const lines = base()
    const documentId = populated.documents[0]!
    const at = { $date: new Date(Date.now() - 60_000).toISOString() }
    const hostile = {
      service: 'content',
      collection: 'schedules',
      record: {
        _id: `${documentId}:unpublish`,
        scheduleId: randomUUID(),
        documentId,
        action: 'unpublish',
        at,
        createdAt: at,
        createdBy: randomUUID(),
      },
    }
    const file = withLine(lines, 'schedules', hostile)
    await expectRefused(await postImport(file), 422, {
      path: `line ${lineNumberOf(file, hostile.record)}: record.documentId`,
    })
  })

  it("lifecycle: an import brings only its own records — when a GridFS chunk belongs to the victim's file, then the import is 422; when a GridFS file takes the victim's file id, then it is 409 naming it", async () => {
    const victimFile = populated.media[0]!.id
    const [chunk] = recordsOf(base(), 'fs.chunks')
    const chunkLines = withLine(base(), 'fs.chunks', {
      service: 'content',
      collection: 'fs.chunks',
      record: { ...chunk, _id: { $oid: randomBytes(12).toString('hex') }, files_id: victimFile },
    })
    await expectRefused(await postImport(chunkLines), 422, {
      message: /fs\.chunks record of a fs\.files record this import did not bring/,
    })

    const [file] = recordsOf(base(), 'fs.files')
    const fileLines = withLine(base(), 'fs.files', {
      service: 'content',
      collection: 'fs.files',
      record: { ...file, _id: victimFile },
    })
    const taken = await postImport(fileLines)
    await expectRefused(taken, 409, {})
    expect(taken.body.error.message).toContain(`fs.files ${victimFile} already exists`)
  })

  it("lifecycle: an import trusts no record — when a file is a stored transform of the victim's media (id with ~, metadata.mediaId) served as text/html, then the import is 422 and the victim's transforms read as before", async () => {
    const [file] = recordsOf(base(), 'fs.files')
    const [chunk] = recordsOf(base(), 'fs.chunks')
    const planted = `${variantId.slice(0, variantId.indexOf('~'))}~planted`
    for (const id of [variantId, planted]) {
      const record = {
        ...file,
        _id: id,
        metadata: { mimeType: 'text/html', mediaId: populated.media[1]!.id },
      }
      let lines = withLine(base(), 'fs.files', {
        service: 'content',
        collection: 'fs.files',
        record,
      })
      lines = withLine(lines, 'fs.chunks', {
        service: 'content',
        collection: 'fs.chunks',
        record: {
          ...chunk,
          _id: { $oid: randomBytes(12).toString('hex') },
          files_id: id,
          data: {
            $binary: {
              base64: Buffer.from('<script>1</script>').toString('base64'),
              subType: '00',
            },
          },
        },
      })
      const line = lineNumberOf(lines, record)
      await expectRefused(await postImport(lines), 422, {
        path: new RegExp(`^line ${line}: record`),
      })
    }
  })

  it('lifecycle: imported media facts come from the bytes — when media records forge size, digest, type and dimensions, then the copy shows those of its bytes, and a file under a lower mediaBytes quota that forges its size is 409 and purged', async () => {
    const forge = (lines: Line[]) =>
      lines.map((line) =>
        line.collection === 'media'
          ? {
              ...line,
              record: {
                ...line.record,
                size: 1,
                sha256: '0'.repeat(64),
                mimeType: 'text/html',
                width: 1,
                height: 1,
              },
            }
          : line,
      )
    const forged = await postImport(forge(base()))
    expect(forged.status, JSON.stringify(forged.body)).toBe(201)
    const copyId = forged.body.website.id as string
    const key = await adminClient()('POST', `/admin/api/websites/${copyId}/keys`, {
      body: { scope: 'admin' },
    })
    const copyMedia = await fetch(`${testEnv().gatewayUrl}/api/media?limit=100`, {
      headers: { 'x-api-key': key.body.key },
    }).then((response) => response.json() as Promise<any>)
    const original = JSON.parse(before.get('/api/media?limit=100')!.slice(4)).docs
    const facts = (docs: any[]) =>
      docs
        .map((doc) => [doc.size, doc.sha256, doc.mimeType, doc.width, doc.height])
        .sort((a, b) => a[0] - b[0])
    expect(facts(copyMedia.docs)).toEqual(facts(original))
    const quotas = await adminClient()('GET', `/admin/api/websites/${copyId}/quotas`)
    expect(quotas.body.quotas.mediaBytes.usage).toBe(
      original.reduce((sum: number, doc: any) => sum + doc.size, 0),
    )

    const lines = forge(base())
    const bytes = original.reduce((sum: number, doc: any) => sum + doc.size, 0)
    lines[0]!.website.quotas = { mediaBytes: bytes - 1 }
    const over = await postImport(lines)
    await expectRefused(over, 409, { path: 'quota.mediaBytes' })
    const purgeId = /purges\/([0-9a-f-]{36})/.exec(over.body.error.details.at(-1).message)![1]!
    await waitFor(
      async () => {
        const progress = await adminClient()('GET', `/admin/api/purges/${purgeId}`)
        return progress.body.state === 'done' ? true : undefined
      },
      { timeoutMs: 60_000, what: 'the purge of the refused import' },
    )
    const left = await countRecords(purgeId, await relatedIds(purgeId))
    expect(Object.entries(left).filter(([, count]) => count > 0)).toEqual([])
    expect(await victimReads()).toEqual(before)
  })

  it("lifecycle: an import trusts no record — when a file's chunks do not make it up (one missing) or its bytes are not an accepted type, then the import is 422 naming the file's line", async () => {
    const gap = base()
    const [firstChunk] = recordsOf(gap, 'fs.chunks')
    firstChunk.n = 1
    const gapFile = recordsOf(gap, 'fs.files').find((file) => file._id === firstChunk.files_id)
    await expectRefused(await postImport(gap), 422, {
      path: `line ${lineNumberOf(gap, gapFile)}`,
      message: /chunk 0 is missing/,
    })

    const html = base()
    const [chunk] = recordsOf(html, 'fs.chunks')
    chunk.data.$binary.base64 = Buffer.from('<html><script>alert(1)</script></html>').toString(
      'base64',
    )
    const htmlFile = recordsOf(html, 'fs.files').find((file) => file._id === chunk.files_id)
    await expectRefused(await postImport(html), 422, {
      path: `line ${lineNumberOf(html, htmlFile)}`,
      message: /accepted: image\/jpeg/,
    })
  })

  it('lifecycle: an import trusts no record — when a slug claim comes before the versions (out of the export order), then the import is 422 naming the line that follows it', async () => {
    const lines = base()
    const [slug] = lines.splice(
      lines.findIndex((line) => line.collection === 'slugs'),
      1,
    )
    const versions = lines.findIndex((line) => line.collection === 'versions')
    lines.splice(versions, 0, slug!)
    await expectRefused(await postImport(lines), 422, {
      path: `line ${versions + 2}`,
      message: /the export's order/,
    })
  })

  it('lifecycle: an import trusts no record — when a webhook URL is not http(s), then the import is 422 naming the line', async () => {
    const lines = base()
    const [hook] = recordsOf(lines, 'webhooks')
    hook.url = 'file:///etc/passwd'
    await expectRefused(await postImport(lines), 422, {
      path: `line ${lineNumberOf(lines, hook)}: record.url`,
    })
  })

  it('lifecycle: an import trusts no record — when the header asks for quotas above the defaults, then the import is 422 naming them', async () => {
    const lines = base()
    lines[0]!.website.quotas = { webhooks: 100_000, mediaBytes: 1024 ** 4 }
    await expectRefused(await postImport(lines), 422, { path: 'line 1: website.quotas.webhooks' })
  })

  it("lifecycle: an import brings only its own records — when a record takes an id that exists (a document's _id, a type's id, a schedule's id) or a type claim names the victim's type, then the import is 409 (422 for the claim) naming it", async () => {
    const victimDoc = populated.documents[0]!
    const [document] = recordsOf(base(), 'documents')
    const docLines = withLine(base(), 'documents', {
      service: 'content',
      collection: 'documents',
      record: { ...document, _id: victimDoc, slug: 'elsewhere' },
    })
    const doc = await postImport(docLines)
    await expectRefused(doc, 409, {})
    expect(doc.body.error.message).toContain(`documents ${victimDoc} already exists`)

    const victimType = recordsOf(victimLines, 'content_types').find((t) => t.name === 'author')
    const [type] = recordsOf(base(), 'content_types')
    const typeLines = withLine(base(), 'content_types', {
      service: 'schema',
      collection: 'content_types',
      record: { ...type, name: 'zz-hostile', id: victimType.id },
    })
    const typed = await postImport(typeLines)
    await expectRefused(typed, 409, {})
    expect(typed.body.error.message).toContain(`content_types id ${victimType.id} already exists`)

    const [claim] = recordsOf(base(), 'content_type_versions')
    const next = victimType.version + 1
    const claimRecord = {
      ...claim,
      _id: `${victimType.id}:${next}`,
      typeId: victimType.id,
      version: next,
      type: { ...victimType, version: next, label: 'Taken' },
    }
    const claimLines = withLine(base(), 'content_type_versions', {
      service: 'schema',
      collection: 'content_type_versions',
      record: claimRecord,
    })
    await expectRefused(await postImport(claimLines), 422, {
      path: `line ${lineNumberOf(claimLines, claimRecord)}: record.typeId`,
    })

    const victimSchedule = recordsOf(victimLines, 'schedules')[0]
    const scheduleLines = base()
    recordsOf(scheduleLines, 'schedules')[0].scheduleId = victimSchedule.scheduleId
    const scheduled = await postImport(scheduleLines)
    await expectRefused(scheduled, 409, {})
    expect(scheduled.body.error.message).toContain(`scheduleId ${victimSchedule.scheduleId}`)
  })

  it("lifecycle: an import brings only its own records — after every refused import, when the victim edits its document, then the change is the victim's: it reads it, its history lists it, and the type stays its own", async () => {
    const [victimDoc] = populated.documents
    const edited = await victim.api('PATCH', `/api/content/${victimDoc}`, {
      body: { data: { count: 4242 } },
    })
    expect(edited.status).toBe(200)
    const read = await victim.api('GET', `/api/content/${victimDoc}?draft=true`)
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ id: victimDoc, data: { count: 4242 } })
    const history = await victim.api('GET', `/api/content/${victimDoc}/versions?limit=100`)
    expect(history.body.docs[0]).toMatchObject({ version: read.body.version, reason: 'update' })
    const typeChange = await victim.api('PATCH', '/api/content-types/author', {
      body: { label: 'Writers' },
    })
    expect(typeChange.status).toBe(200)
    expect((await victim.api('GET', '/api/content-types/author')).body.label).toBe('Writers')
  })
})

describe('a website import under the address guard', () => {
  it('lifecycle: an import trusts no record — when a webhook targets a private or metadata address, then the import is 422 naming the line, as the API refuses it', async () => {
    const stack = await launchWebhookGateway({ allowPrivateTargets: false })
    try {
      const header = {
        ...victimLines[0]!,
        website: { ...victimLines[0]!.website, id: randomUUID() },
      }
      for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://10.1.2.3/hook']) {
        const [hook] = recordsOf(freshCopy(victimLines), 'webhooks')
        const record = { ...hook, url }
        const lines = [header, { service: 'webhook', collection: 'webhooks', record }]
        const answer = await postImport([...lines, { end: true, records: 1 }], {
          gatewayUrl: stack.services.gatewayUrl,
          adminToken: stack.services.adminToken,
        })
        expect(answer.status, JSON.stringify(answer.body)).toBe(422)
        expect(answer.body.error.details[0]).toMatchObject({
          path: 'line 2: record.url',
          message: expect.stringContaining('not an allowed target'),
        })
      }
    } finally {
      await stack.stop()
    }
  }, 180_000)
})
