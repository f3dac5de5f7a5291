import { request as httpRequest } from 'node:http'
import { MongoClient } from 'mongodb'
import sharp from 'sharp'
import { testEnv } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'

/** A PNG (or another format) made by sharp itself: a gradient-ish block of colour. */
export async function makeImage(
  options: { width?: number; height?: number; format?: 'png' | 'jpeg' | 'webp' } = {},
): Promise<Buffer> {
  const { width = 64, height = 48, format = 'png' } = options
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 30 } },
  })
    .toFormat(format)
    .toBuffer()
}

export interface Upload {
  status: number
  body: any
  headers: Headers
}

/** POST /api/media with a multipart form of `file` (and text fields). */
export async function upload(
  site: TestWebsite,
  file: { bytes: Uint8Array; name: string; type?: string } | undefined,
  fields: Record<string, string> = {},
  key = site.adminKey,
): Promise<Upload> {
  const form = new FormData()
  if (file)
    form.append(
      'file',
      new Blob([Buffer.from(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    )
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const response = await fetch(`${testEnv().gatewayUrl}/api/media`, {
    method: 'POST',
    headers: { 'x-api-key': key },
    body: form,
  })
  const text = await response.text()
  return {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    headers: response.headers,
  }
}

/** A GET of a public asset path, no key; the body as bytes. */
export async function asset(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${testEnv().gatewayUrl}${path}`, { headers })
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  }
}

/**
 * Streams `totalBytes` of multipart body in chunks (chunked, no length) and resolves with the
 * status as soon as the gateway answers, while the client may still be sending.
 */
export function streamingUpload(site: TestWebsite, totalBytes: number): Promise<number> {
  const boundary = 'cms-media-test-boundary'
  const url = new URL(`${testEnv().gatewayUrl}/api/media`)
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: {
        'x-api-key': site.adminKey,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    })
    req.on('response', (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
      req.destroy()
    })
    req.on('error', (error) => reject(error))
    // A PNG signature first, so the content service starts storing before the limit is met.
    const head = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ])
    const chunk = Buffer.alloc(1024 * 1024, 7)
    let sent = 0
    const pump = () => {
      while (sent < totalBytes) {
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      req.end(`\r\n--${boundary}--\r\n`)
    }
    req.write(head)
    pump()
  })
}

/** GridFS's collections of the content database, counted. */
export async function gridFsCounts(): Promise<{ files: number; chunks: number }> {
  const client = new MongoClient(testEnv().mongoUrl)
  try {
    const db = client.db('cms_content')
    const [files, chunks] = await Promise.all([
      db.collection('fs.files').countDocuments(),
      db.collection('fs.chunks').countDocuments(),
    ])
    return { files, chunks }
  } finally {
    await client.close()
  }
}
