import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, metricsUrlOf, storageCommands, testEnv, waitFor } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { asset, launchMediaServices, upload, uploadTo } from './media-kit.ts'
import type { MediaServices } from './media-kit.ts'

/** MEDIA_CACHE_MB of the services that show the bound: files of ~87 KB, a tenth is ~102 KB. */
const SMALL_CACHE_MB = 1

/**
 * The GridFS commands (`fs.files`, `fs.chunks`) a content read service has sent. Whatever their
 * origin label: a download Koa streams after the handler returned counts as `background`, and a
 * read service runs no background work on GridFS (the orphan sweep runs in writers).
 */
const gridFsCommands = (metricsUrl: string) =>
  storageCommands(metricsUrl, (labels) => /collection="fs\.(files|chunks)"/.test(labels))

/** An asset read, with the GridFS commands the read service sent meanwhile. */
async function read(
  metricsUrl: string,
  path: string,
  headers: Record<string, string> = {},
  gatewayUrl = testEnv().gatewayUrl,
) {
  const before = await gridFsCommands(metricsUrl)
  const answer = await asset(path, headers, gatewayUrl)
  return { ...answer, gridFs: (await gridFsCommands(metricsUrl)) - before }
}

/** Reads until one costs no GridFS command (the first read's copy is in place); that read. */
function readFromCache(metricsUrl: string, path: string, gatewayUrl = testEnv().gatewayUrl) {
  return waitFor(
    async () => {
      const answer = await read(metricsUrl, path, {}, gatewayUrl)
      return answer.gridFs === 0 ? answer : undefined
    },
    { timeoutMs: 30_000, intervalMs: 200, what: `${path} served without GridFS` },
  )
}

/** A PNG of random pixels (so it does not compress): distinct bytes every call. */
function noisePng(side: number): Promise<Buffer> {
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer()
}

/** A PDF header and random bytes: an accepted type no decoder touches. */
const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(bytes - 9)])

/** Starts a GET of `path` and hangs up once the first bytes of the body arrive. */
function readAndHangUp(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(`${testEnv().gatewayUrl}${path}`))
    req.on('response', (response) => {
      expect(response.statusCode).toBe(200)
      response.once('data', () => {
        req.destroy()
        resolve()
      })
    })
    req.on('error', reject)
    req.end()
  })
}

/** The files in a cache root's folders (one folder per process): names and bytes. */
function cachedFiles(root: string): { name: string; bytes: number }[] {
  return readdirSync(root).flatMap((folder) =>
    readdirSync(join(root, folder)).map((name) => ({
      name,
      bytes: statSync(join(root, folder, name)).size,
    })),
  )
}

describe('repeat asset reads from the local cache (default MEDIA_CACHE_MB)', () => {
  let site: TestWebsite
  let metrics: string
  beforeAll(async () => {
    site = await createTestWebsite()
    metrics = metricsUrlOf('content-read')
  })

  it('media cache: a repeat read of an original costs no GridFS command — when a file was read whole once, then later reads send no fs.files or fs.chunks command and bring the same bytes', async () => {
    const png = await noisePng(120)
    const created = await upload(site, { bytes: png, name: 'noise.png', type: 'image/png' })
    expect(created.status).toBe(201)
    const url = created.body.url as string

    const first = await read(metrics, url)
    expect(first.status).toBe(200)
    expect(first.gridFs).toBeGreaterThan(0)
    expect(first.bytes.equals(png)).toBe(true)
    const again = await readFromCache(metrics, url)
    expect(again.status).toBe(200)
    expect(again.bytes.equals(first.bytes)).toBe(true)
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(again.headers.get('content-length')).toBe(String(png.length))
  })

  it('media cache: a repeat read of a stored transform costs no GridFS command — when a 400 px WebP was served once, then later reads send no fs.files or fs.chunks command and bring the same bytes', async () => {
    const jpeg = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: { r: 90, g: 140, b: 200 },
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer()
    const created = await upload(site, { bytes: jpeg, name: 'photo.jpg', type: 'image/jpeg' })
    expect(created.status).toBe(201)
    const url = `${created.body.url as string}?w=400&format=webp`

    const first = await read(metrics, url)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/webp')
    expect((await sharp(first.bytes).metadata()).width).toBe(400)
    const again = await readFromCache(metrics, url)
    expect(again.headers.get('x-media-variant')).toBe('stored')
    expect(again.headers.get('content-type')).toBe('image/webp')
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(again.bytes.equals(first.bytes)).toBe(true)
  })

  it('media cache: ranges come from the copy — when a cached file is read in ranges, then each is 206 with the right bytes, beyond the end is 416, and none costs a GridFS command', async () => {
    const png = await noisePng(100)
    const created = await upload(site, { bytes: png, name: 'ranged.png', type: 'image/png' })
    const url = created.body.url as string
    await read(metrics, url)
    await readFromCache(metrics, url)

    const size = png.length
    const cases = [
      { range: 'bytes=10-99', start: 10, end: 100 },
      { range: 'bytes=1000-', start: 1000, end: size },
      { range: 'bytes=-50', start: size - 50, end: size },
      { range: `bytes=0-${size + 10}`, start: 0, end: size },
    ]
    for (const { range, start, end } of cases) {
      const part = await read(metrics, url, { range })
      expect(part.status, range).toBe(206)
      expect(part.headers.get('content-range'), range).toBe(`bytes ${start}-${end - 1}/${size}`)
      expect(part.bytes.equals(png.subarray(start, end)), range).toBe(true)
      expect(part.gridFs, range).toBe(0)
    }
    const beyond = await read(metrics, url, { range: `bytes=${size}-` })
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`)
    expect(beyond.gridFs).toBe(0)
  })

  it('media cache: only whole reads fill it, and a HEAD reads nothing — when a new file is first read in a range or with HEAD, then a whole read after them still goes to GridFS', async () => {
    const png = await noisePng(90)
    const created = await upload(site, { bytes: png, name: 'head.png', type: 'image/png' })
    const url = created.body.url as string
    const head = await fetch(`${testEnv().gatewayUrl}${url}`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(png.length))
    const part = await read(metrics, url, { range: 'bytes=0-9' })
    expect(part.status).toBe(206)
    expect(part.bytes.equals(png.subarray(0, 10))).toBe(true)
    const whole = await read(metrics, url)
    expect(whole.gridFs).toBeGreaterThan(0)
    expect(whole.bytes.equals(png)).toBe(true)
    expect((await readFromCache(metrics, url)).bytes.equals(png)).toBe(true)
  })

  it('media cache: a read cut short caches nothing — when the client hangs up during the first read, then the next read comes whole from GridFS and only then is the file cached', async () => {
    // Larger than what the sockets between client, gateway and service hold, so the service
    // is still sending when the client leaves.
    const pdf = pdfOf(12 * 1024 * 1024)
    const created = await upload(site, { bytes: pdf, name: 'big.pdf', type: 'application/pdf' })
    expect(created.status).toBe(201)
    const url = created.body.url as string
    await readAndHangUp(url)

    const next = await read(metrics, url)
    expect(next.status).toBe(200)
    expect(next.gridFs).toBeGreaterThan(0)
    expect(next.bytes.equals(pdf)).toBe(true)
    const cached = await readFromCache(metrics, url)
    expect(cached.bytes.equals(pdf)).toBe(true)
  })
})

describe('the cache bound and turning the cache off (services of their own)', () => {
  let small: MediaServices
  let off: MediaServices
  const root = mkdtempSync(join(tmpdir(), 'media-cache-test-'))
  beforeAll(async () => {
    ;[small, off] = await Promise.all([
      launchMediaServices({
        name: 'mediacachesmall',
        content: { MEDIA_CACHE_MB: String(SMALL_CACHE_MB), MEDIA_CACHE_DIR: root },
      }),
      launchMediaServices({ name: 'mediacacheoff', content: { MEDIA_CACHE_MB: '0' } }),
    ])
  }, 240_000)
  afterAll(async () => {
    await Promise.all([small?.stop(), off?.stop()])
    rmSync(root, { recursive: true, force: true })
  }, 60_000)

  const uploadOn = async (own: MediaServices, bytes: Buffer, name: string) => {
    const created = await uploadTo(own.services.gatewayUrl, own.site.key, {
      bytes,
      name,
      type: 'image/png',
    })
    expect(created.status).toBe(201)
    return created.body.url as string
  }

  it('media cache: concurrent first reads fill it once — when five clients read a new file at once, then each gets the whole file and the folder holds one copy of it and no part file', async () => {
    const metrics = small.services.metricsUrls['content-read']
    const gateway = small.services.gatewayUrl
    const png = await noisePng(150)
    const url = await uploadOn(small, png, 'together.png')
    const reads = await Promise.all(
      Array.from({ length: 5 }, () => read(metrics, url, {}, gateway)),
    )
    for (const answer of reads) expect(answer.bytes.equals(png)).toBe(true)
    const cached = await readFromCache(metrics, url, gateway)
    expect(cached.bytes.equals(png)).toBe(true)
    expect(cachedFiles(root)).toEqual([
      { name: expect.not.stringMatching(/\.part$/), bytes: png.length },
    ])
  })

  it('media cache: the bound evicts the least recently read — when more files are read than MEDIA_CACHE_MB holds, then the folder stays within it, the last file read is served from it and the first goes to GridFS again', async () => {
    const metrics = small.services.metricsUrls['content-read']
    const gateway = small.services.gatewayUrl
    const bound = SMALL_CACHE_MB * 1024 ** 2
    const pngs = await Promise.all(Array.from({ length: 14 }, () => noisePng(170)))
    const total = pngs.reduce((sum, png) => sum + png.length, 0)
    expect(total).toBeGreaterThan(bound)
    for (const png of pngs) expect(png.length).toBeLessThan(bound / 10)
    const urls: string[] = []
    for (const [i, png] of pngs.entries()) urls.push(await uploadOn(small, png, `evict-${i}.png`))
    for (const url of urls) {
      await read(metrics, url, {}, gateway)
      await readFromCache(metrics, url, gateway)
    }
    const held = cachedFiles(root).reduce((sum, file) => sum + file.bytes, 0)
    expect(held).toBeGreaterThan(0)
    expect(held).toBeLessThanOrEqual(bound)
    const last = await read(metrics, urls.at(-1)!, {}, gateway)
    expect(last.gridFs).toBe(0)
    expect(last.bytes.equals(pngs.at(-1)!)).toBe(true)
    const first = await read(metrics, urls[0]!, {}, gateway)
    expect(first.gridFs).toBeGreaterThan(0)
    expect(first.bytes.equals(pngs[0]!)).toBe(true)
  })

  it('media cache: a file over a tenth of the bound is not cached — when it is read twice, then both reads go to GridFS', async () => {
    const metrics = small.services.metricsUrls['content-read']
    const gateway = small.services.gatewayUrl
    const png = await noisePng(220)
    expect(png.length).toBeGreaterThan((SMALL_CACHE_MB * 1024 ** 2) / 10)
    const url = await uploadOn(small, png, 'large.png')
    for (let i = 0; i < 3; i++) {
      const answer = await read(metrics, url, {}, gateway)
      expect(answer.gridFs).toBeGreaterThan(0)
      expect(answer.bytes.equals(png)).toBe(true)
    }
  })

  it('media cache: MEDIA_CACHE_MB=0 turns it off — when a file and a transform are read again and again, then every read goes to GridFS', async () => {
    const metrics = off.services.metricsUrls['content-read']
    const gateway = off.services.gatewayUrl
    const png = await noisePng(120)
    const url = await uploadOn(off, png, 'off.png')
    const transform = `${url}?w=64&format=webp`
    expect((await read(metrics, transform, {}, gateway)).status).toBe(200)
    for (let i = 0; i < 3; i++) {
      const whole = await read(metrics, url, {}, gateway)
      expect(whole.gridFs).toBeGreaterThan(0)
      expect(whole.bytes.equals(png)).toBe(true)
      const variant = await read(metrics, transform, {}, gateway)
      expect(variant.status).toBe(200)
      expect(variant.gridFs).toBeGreaterThan(0)
    }
  })
})
