import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import {
  asset,
  declaredUpload,
  leavesNothing,
  makeImage,
  streamingUpload,
  upload,
} from './media-kit.ts'

let site: TestWebsite
let other: TestWebsite

beforeAll(async () => {
  ;[site, other] = await Promise.all([createTestWebsite(), createTestWebsite()])
})

describe('media uploads', () => {
  it('media: an upload answers 201 with the stored facts — when a PNG is uploaded with alt, then id, sniffed type, size, sha256, dimensions and url come back', async () => {
    const png = await makeImage({ width: 120, height: 80 })
    const created = await upload(site, { bytes: png, name: 'photo.png' }, { alt: 'A photo' })
    expect(created.status).toBe(201)
    const { createHash } = await import('node:crypto')
    expect(created.body).toMatchObject({
      filename: 'photo.png',
      mimeType: 'image/png',
      size: png.length,
      width: 120,
      height: 80,
      alt: 'A photo',
      caption: null,
      sha256: createHash('sha256').update(png).digest('hex'),
      url: `/media/${site.websiteId}/${created.body.id}/photo.png`,
    })
    expect(created.headers.get('location')).toBe(`/api/media/${created.body.id}`)
  })

  it('media: the type comes from the bytes — when a JPEG is named .png and sent as image/png, then it is stored as image/jpeg', async () => {
    const jpeg = await makeImage({ format: 'jpeg' })
    const created = await upload(site, { bytes: jpeg, name: 'lies.png', type: 'image/png' })
    expect(created.status).toBe(201)
    expect(created.body.mimeType).toBe('image/jpeg')
  })

  it('media: unaccepted types are 415 — when an executable is renamed to .png, or an SVG carries a script, then 415 and nothing is stored', async () => {
    const elf = Buffer.concat([
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
      Buffer.alloc(4096, 1),
    ])
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    )
    await leavesNothing(site.websiteId, async () => {
      const exe = await upload(site, { bytes: elf, name: 'cat.png', type: 'image/png' })
      expect(exe.status).toBe(415)
      expect(exe.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
      const script = await upload(site, { bytes: svg, name: 'logo.svg', type: 'image/svg+xml' })
      expect(script.status).toBe(415)
      expect(script.body.error.message).toContain('SVG')
    })
  })

  it('media: a broken upload is 422 and leaves nothing — when the form is malformed, has no file, or the image is truncated, then 422 and GridFS holds what it held', async () => {
    const png = await makeImage({ width: 300, height: 300 })
    await leavesNothing(site.websiteId, async () => {
      const truncated = await upload(site, {
        bytes: png.subarray(0, Math.floor(png.length / 2)),
        name: 'half.png',
      })
      expect(truncated.status).toBe(422)
      const noFile = await upload(site, undefined, { alt: 'nothing' })
      expect(noFile.status).toBe(422)
      const broken = await fetch(`${process.env.CMS_TEST_GATEWAY_URL}/api/media`, {
        method: 'POST',
        headers: {
          'x-api-key': site.adminKey,
          'content-type': 'multipart/form-data; boundary=xyz',
        },
        body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG\r\n\x1a\n',
      })
      expect(broken.status).toBe(422)
      const noBoundary = await fetch(`${process.env.CMS_TEST_GATEWAY_URL}/api/media`, {
        method: 'POST',
        headers: { 'x-api-key': site.adminKey, 'content-type': 'multipart/form-data' },
        body: '--xyz\r\n',
      })
      expect(noBoundary.status).toBe(422)
      const refused = (await noBoundary.json()) as { error: { code: string } }
      expect(refused.error.code).toBe('VALIDATION_ERROR')
      const json = await site.api('POST', '/api/media', { body: { file: 'x' } })
      expect(json.status).toBe(415)
    })
  })

  it('media: uploads over MEDIA_MAX_BYTES are 413 while streaming — when 60 MB stream in without a length, or a length of 60 MB is declared, then 413 comes before the client has sent them all and nothing is stored', async () => {
    await leavesNothing(site.websiteId, async () => {
      expect(await streamingUpload(site, 60 * 1024 * 1024)).toBe(413)
      expect(
        await declaredUpload('/api/media', { 'x-api-key': site.adminKey }, 60 * 1024 * 1024),
      ).toBe(413)
    })
  })

  it('media: uploads need an admin key — when a read key uploads, then 403', async () => {
    const png = await makeImage()
    expect((await upload(site, { bytes: png, name: 'a.png' }, {}, site.readKey)).status).toBe(403)
  })
})

describe('media endpoints', () => {
  it('media: list, get, patch and delete — when media are listed, paged, filtered on each field (ids too), changed and deleted, then each answer says so', async () => {
    const own = await createTestWebsite()
    const png = await upload(own, { bytes: await makeImage(), name: 'one.png' })
    const jpeg = await upload(own, { bytes: await makeImage({ format: 'jpeg' }), name: 'two.jpg' })
    const list = await own.api('GET', '/api/media')
    expect(list.status).toBe(200)
    expect(list.body).toMatchObject({ totalDocs: 2, page: 1 })
    expect(list.body.docs.map((doc: { id: string }) => doc.id)).toEqual([jpeg.body.id, png.body.id])
    const ids = async (query: string) => {
      const listed = await own.readApi('GET', `/api/media?${query}`)
      expect(listed.status, query).toBe(200)
      return listed.body.docs.map((doc: { id: string }) => doc.id)
    }
    expect(await ids('filters[mimeType][$eq]=image/jpeg')).toEqual([jpeg.body.id])
    expect(await ids('filters[filename][$startsWith]=one')).toEqual([png.body.id])
    expect(await ids('filters[filename][$containsi]=TWO.J')).toEqual([jpeg.body.id])
    expect(await ids(`filters[size][$eq]=${png.body.size}`)).toEqual([png.body.id])
    expect(await ids(`filters[size][$gt]=${Math.max(png.body.size, jpeg.body.size)}`)).toEqual([])
    expect(await ids(`filters[createdAt][$gte]=${jpeg.body.createdAt}`)).toEqual([jpeg.body.id])
    expect(await ids('filters[createdAt][$lt]=2000-01-01')).toEqual([])
    expect(await ids(`filters[id][$eq]=${png.body.id}`)).toEqual([png.body.id])
    expect(
      await ids(`filters[id][$in][0]=${png.body.id}&filters[id][$in][1]=${jpeg.body.id}`),
    ).toEqual([jpeg.body.id, png.body.id])
    expect(await ids('filters[id][$in][0]=not-a-file')).toEqual([])
    const paged = await own.readApi('GET', '/api/media?limit=1&page=2')
    expect(paged.body).toMatchObject({ totalDocs: 2, totalPages: 2, page: 2, limit: 1 })
    expect(paged.body.docs.map((doc: { id: string }) => doc.id)).toEqual([png.body.id])
    const bad = await own.api('GET', '/api/media?filters[owner][$eq]=x&filters[size][$like]=1')
    expect(bad.status).toBe(422)
    expect(bad.body.error.details).toHaveLength(2)
    const patched = await own.api('PATCH', `/api/media/${png.body.id}`, {
      body: { alt: 'Orange', caption: null, filename: 'orange.png' },
    })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({ alt: 'Orange', filename: 'orange.png' })
    expect((await own.readApi('GET', `/api/media/${png.body.id}`)).body.alt).toBe('Orange')
    expect(
      (await own.api('PATCH', `/api/media/${png.body.id}`, { body: { size: 1 } })).status,
    ).toBe(422)
    expect((await own.api('DELETE', `/api/media/${png.body.id}`)).status).toBe(204)
    expect((await own.api('GET', `/api/media/${png.body.id}`)).status).toBe(404)
  })

  it("media: a website sees its own media only — when another website's key or path names a media id, then 404", async () => {
    const created = await upload(site, { bytes: await makeImage(), name: 'mine.png' })
    const id = created.body.id as string
    expect((await other.api('GET', `/api/media/${id}`)).status).toBe(404)
    expect((await other.api('DELETE', `/api/media/${id}`)).status).toBe(404)
    expect((await asset(`/media/${other.websiteId}/${id}/mine.png`)).status).toBe(404)
    expect((await asset(`/media/${site.websiteId}/${randomUUID()}/mine.png`)).status).toBe(404)
  })
})

describe('public asset URLs', () => {
  it('media: assets are public, immutable and ranged — when the url is fetched without a key, then the bytes come with ETag, immutable caching, nosniff, 304 and 206', async () => {
    const png = await makeImage({ width: 200, height: 100 })
    const created = await upload(site, { bytes: png, name: 'pic.png' })
    const url = created.body.url as string
    const whole = await asset(url)
    expect(whole.status).toBe(200)
    expect(whole.bytes.equals(png)).toBe(true)
    expect(whole.headers.get('content-type')).toBe('image/png')
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff')
    const etag = whole.headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    expect((await asset(url, { 'if-none-match': etag })).status).toBe(304)
    const part = await asset(url, { range: 'bytes=10-19' })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${png.length}`)
    expect(part.bytes.equals(png.subarray(10, 20))).toBe(true)
    const beyond = await asset(url, { range: `bytes=${png.length + 5}-` })
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('content-range')).toBe(`bytes */${png.length}`)
  })

  it('media: a deleted asset is 404 at once — when the media is deleted, then its url and its transforms answer 404 on the next request', async () => {
    const created = await upload(site, { bytes: await makeImage(), name: 'gone.png' })
    const url = created.body.url as string
    expect((await asset(`${url}?w=16`)).status).toBe(200)
    await leavesNothing(site.websiteId, async () => {
      const again = await upload(site, { bytes: await makeImage(), name: 'other.png' })
      expect((await site.api('DELETE', `/api/media/${again.body.id}`)).status).toBe(204)
    })
    expect((await site.api('DELETE', `/api/media/${created.body.id}`)).status).toBe(204)
    expect((await asset(url)).status).toBe(404)
    expect((await asset(`${url}?w=16`)).status).toBe(404)
  })
})

describe('image transforms', () => {
  it('media: transforms resize and convert — when w and format are asked, then the image is that size and format, made once and stored', async () => {
    const jpeg = await makeImage({ width: 1200, height: 800, format: 'jpeg' })
    const created = await upload(site, { bytes: jpeg, name: 'big.jpg' })
    const url = `${created.body.url}?w=400&format=webp`
    const answers = await Promise.all(Array.from({ length: 5 }, () => asset(url)))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200])
    expect(
      answers.filter((answer) => answer.headers.get('x-media-variant') === 'created'),
    ).toHaveLength(1)
    const meta = await sharp(answers[0]!.bytes).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 267 })
    expect(answers[0]!.headers.get('content-type')).toBe('image/webp')
    const later = await asset(url)
    expect(later.headers.get('x-media-variant')).toBe('stored')
    expect(later.bytes.equals(answers[0]!.bytes)).toBe(true)
    expect(later.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('media: transform parameters are checked — when w=0, w=99999, format=bmp or an unknown parameter is asked, then 422', async () => {
    const created = await upload(site, { bytes: await makeImage(), name: 'p.png' })
    for (const query of ['w=0', 'w=99999', 'format=bmp', 'fit=stretch', 'q=101', 'blur=3']) {
      const answer = await asset(`${created.body.url}?${query}`)
      expect(answer.status, query).toBe(422)
    }
  })

  it('media: transforms refuse decompression bombs — when the source has more pixels than MEDIA_TRANSFORM_MAX_PIXELS, then 422 and the service keeps serving', async () => {
    // 5000 x 4000 = 20 MP of one colour: an upload may have it, a transform may not decode it.
    const large = await sharp({
      create: { width: 5000, height: 4000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer()
    const created = await upload(site, { bytes: large, name: 'large.png' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ width: 5000, height: 4000 })
    const answer = await asset(`${created.body.url}?w=96`)
    expect(answer.status).toBe(422)
    expect(JSON.parse(answer.bytes.toString('utf8')).error.message).toContain(
      'MEDIA_TRANSFORM_MAX_PIXELS',
    )
    expect((await asset(created.body.url, { range: 'bytes=0-7' })).status).toBe(206)
  })

  it('media: images over MEDIA_MAX_SOURCE_PIXELS are refused — when an image of 100 MP is uploaded, then 422 and nothing stays', async () => {
    // 10000 x 10000 = 100 MP of one colour compresses to a small PNG.
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer()
    await leavesNothing(site.websiteId, async () => {
      const refused = await upload(site, { bytes: bomb, name: 'bomb.png' })
      expect(refused.status).toBe(422)
      expect(refused.body.error.message).toContain('MEDIA_MAX_SOURCE_PIXELS')
    })
  })
})
