import { request as httpRequest } from 'node:http'
import type { ClientRequest } from 'node:http'
import type { MongoClient } from 'mongodb'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonClient, waitFor } from '@cms/testkit'
import { asset, launchMediaServices, leavesNothing, makeImage, uploadTo } from './media-kit.ts'
import type { MediaServices } from './media-kit.ts'

/**
 * The media library as an operator may set it up, on a gateway and content service of their
 * own (own databases, own Redis prefix) in front of the shared schema service: SVG allowed, no
 * image engine (what a runtime where sharp cannot load gets), a low transform limit, and an
 * orphan sweep that runs every half second for bytes three seconds still.
 */
const TRANSFORMS_PER_MINUTE = 4
const ORPHAN_AFTER_MS = 3000
const CONTENT_ENV = {
  MEDIA_ALLOW_SVG: 'true',
  MEDIA_IMAGE_ENGINE: 'none',
  MEDIA_SWEEP_EVERY_MS: '500',
  MEDIA_ORPHAN_AFTER_MS: String(ORPHAN_AFTER_MS),
}

let own: MediaServices
let services: MediaServices['services']
let databases: MediaServices['databases']
let mongo: MongoClient
let site: MediaServices['site']

beforeAll(async () => {
  own = await launchMediaServices({
    name: 'media',
    content: CONTENT_ENV,
    gateway: { MEDIA_TRANSFORMS_PER_MINUTE: String(TRANSFORMS_PER_MINUTE) },
  })
  ;({ services, databases, mongo, site } = own)
}, 180_000)

afterAll(async () => {
  await own?.stop()
})

const from = (address: string) => ({ 'x-forwarded-for': address })
const get = (path: string, headers: Record<string, string> = {}) =>
  asset(path, headers, services.gatewayUrl)
const gridFs = async () => {
  const db = mongo.db(databases.content)
  return {
    files: await db.collection('fs.files').countDocuments(),
    chunks: await db.collection('fs.chunks').countDocuments(),
  }
}

/**
 * A multipart upload that sends the form's head and the start of a PNG, then keeps the request
 * open: the upload is under way until the test ends it.
 */
function openUpload(start: Buffer): { request: ClientRequest; answered: Promise<number> } {
  const boundary = 'cms-media-crash-boundary'
  const request = httpRequest(new URL(`${services.gatewayUrl}/api/media`), {
    method: 'POST',
    headers: {
      'x-api-key': site.key,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  })
  const answered = new Promise<number>((resolve) => {
    request.on('response', (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    request.on('error', () => resolve(0))
  })
  request.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n\r\n`,
  )
  request.write(start)
  return { request, answered }
}

describe('media as the operator sets it up', () => {
  it('media: SVG only where the operator allows it — when MEDIA_ALLOW_SVG=true and an SVG with a script is uploaded, then it is stored and served only as a sandboxed attachment, never transformed', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    )
    const created = await uploadTo(services.gatewayUrl, site.key, { bytes: svg, name: 'logo.svg' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ mimeType: 'image/svg+xml', size: svg.length })
    const served = await get(created.body.url)
    expect(served.status).toBe(200)
    expect(served.bytes.equals(svg)).toBe(true)
    expect(served.headers.get('content-type')).toBe('image/svg+xml')
    expect(served.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''logo.svg")
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    const resized = await get(`${created.body.url}?w=5`, from('198.51.100.1'))
    expect(resized.status).toBe(422)
  })

  it('media: without an image engine, transforms are 501 — when sharp is not there (MEDIA_IMAGE_ENGINE=none), then uploads, originals and lists work and a transform says why', async () => {
    const png = await makeImage({ width: 40, height: 30 })
    const created = await uploadTo(services.gatewayUrl, site.key, { bytes: png, name: 'a.png' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ mimeType: 'image/png', width: null, height: null })
    const original = await get(created.body.url)
    expect(original.status).toBe(200)
    expect(original.bytes.equals(png)).toBe(true)
    const resized = await get(`${created.body.url}?w=16&format=webp`, from('198.51.100.2'))
    expect(resized.status).toBe(501)
    const error = JSON.parse(resized.bytes.toString('utf8')).error
    expect(error.code).toBe('NOT_IMPLEMENTED')
    expect(error.message).toContain('MEDIA_IMAGE_ENGINE=none')
    const api = jsonClient(services.gatewayUrl, { 'x-api-key': site.key })
    const listed = await api('GET', '/api/media?filters[mimeType][$eq]=image/png')
    expect(listed.body.docs.map((file: { id: string }) => file.id)).toContain(created.body.id)
    // A truncated PNG is still told from its own structure without sharp.
    await leavesNothing(
      site.websiteId,
      async () => {
        const cut = await uploadTo(services.gatewayUrl, site.key, {
          bytes: png.subarray(0, png.length - 20),
          name: 'cut.png',
        })
        expect(cut.status).toBe(422)
      },
      { dbName: databases.content },
    )
  })

  it('media: transforms are limited per client address — when one address asks for more transforms a minute than MEDIA_TRANSFORMS_PER_MINUTE, then 429 with Retry-After, while originals and other addresses are still served', async () => {
    const created = await uploadTo(services.gatewayUrl, site.key, {
      bytes: await makeImage(),
      name: 'limited.png',
    })
    const url = created.body.url as string
    const statuses: number[] = []
    for (let i = 0; i < TRANSFORMS_PER_MINUTE; i++)
      statuses.push((await get(`${url}?w=${10 + i}`, from('203.0.113.7'))).status)
    expect(statuses).not.toContain(429)
    const refused = await get(`${url}?w=99`, from('203.0.113.7'))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    expect(JSON.parse(refused.bytes.toString('utf8')).error.code).toBe('RATE_LIMITED')
    expect((await get(url, from('203.0.113.7'))).status).toBe(200)
    expect((await get(`${url}?w=99`, from('203.0.113.8'))).status).not.toBe(429)
  })

  it('media: an upload cut off by a crash is swept — when the content writer is killed while a file streams into GridFS, then its chunks stay until the restarted writer sweeps them', async () => {
    const before = await gridFs()
    // Noise does not compress: a PNG of several MB, of which 3 MB are sent.
    const png = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 1 })
      .toBuffer()
    expect(png.length).toBeGreaterThan(3 * 1024 * 1024)
    const upload = openUpload(png.subarray(0, 3 * 1024 * 1024))
    // Chunks of 255 KiB reach GridFS as the file streams: wait for most of the 3 MB.
    await waitFor(async () => ((await gridFs()).chunks >= before.chunks + 8 ? true : undefined), {
      timeoutMs: 30_000,
      what: 'the upload to reach GridFS',
    })
    await services.processes['content-write'].kill()
    upload.request.destroy()
    await upload.answered
    const left = await gridFs()
    expect(left.chunks).toBeGreaterThanOrEqual(before.chunks + 8)
    expect(left.files).toBe(before.files)

    await services.processes['content-write'].start()
    const swept = await waitFor(
      async () => {
        const now = await gridFs()
        return now.chunks === before.chunks ? now : undefined
      },
      { timeoutMs: 60_000, intervalMs: 250, what: 'the sweep to remove the chunks' },
    )
    expect(swept).toEqual(before)
    // The writer is back: uploads work again.
    const after = await uploadTo(services.gatewayUrl, site.key, {
      bytes: await makeImage(),
      name: 'after.png',
    })
    expect(after.status).toBe(201)
  }, 120_000)
})
