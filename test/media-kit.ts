import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { MongoClient, ObjectId } from 'mongodb'
import { expect } from 'vitest'
import sharp from 'sharp'
import { DATA_ROOT, launchServices } from '@cms/stack'
import type { RunningServices } from '@cms/stack'
import { jsonClient, testEnv } from '@cms/testkit'
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
export function upload(
  site: TestWebsite,
  file: { bytes: Uint8Array; name: string; type?: string } | undefined,
  fields: Record<string, string> = {},
  key = site.adminKey,
): Promise<Upload> {
  return uploadTo(testEnv().gatewayUrl, key, file, fields)
}

/** The same upload to a given gateway with a given key (and more headers). */
export async function uploadTo(
  gatewayUrl: string,
  key: string,
  file: { bytes: Uint8Array; name: string; type?: string } | undefined,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Upload> {
  const form = new FormData()
  if (file)
    form.append(
      'file',
      new Blob([Buffer.from(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    )
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const response = await fetch(`${gatewayUrl}/api/media`, {
    method: 'POST',
    headers: { ...headers, 'x-api-key': key },
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
export async function asset(
  path: string,
  headers: Record<string, string> = {},
  gatewayUrl = testEnv().gatewayUrl,
) {
  const response = await fetch(`${gatewayUrl}${path}`, { headers })
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

/**
 * A multipart POST to `path` that declares `declaredBytes` and sends only the form's start:
 * resolves with the status, which comes before any more is sent.
 */
export function declaredUpload(
  path: string,
  headers: Record<string, string>,
  declaredBytes: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(`${testEnv().gatewayUrl}${path}`), {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(declaredBytes),
      },
    })
    req.on('response', (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
      req.destroy()
    })
    req.on('error', reject)
    req.write('--x\r\n')
  })
}

/**
 * The ids of one website's GridFS files, and the chunks written since `since` that belong to
 * no file that `known` lists or another website holds: chunks of a file with no `fs.files`
 * document (an upload cut off, or another test's upload still streaming) or of a new file of
 * this website. Other test files upload at the same time, so GridFS as a whole is not counted.
 */
export async function gridFsOf(
  websiteId: string,
  since: Date,
  known: ReadonlySet<string> = new Set(),
  where: { dbName?: string; mongoUrl?: string } = {},
): Promise<{ files: string[]; newChunks: number }> {
  const client = new MongoClient(where.mongoUrl ?? testEnv().mongoUrl)
  try {
    const db = client.db(where.dbName ?? 'cms_content')
    const files = db.collection<{ _id: string; metadata?: { websiteId?: string } }>('fs.files')
    const fresh = await db
      .collection<{ _id: ObjectId; files_id: string }>('fs.chunks')
      .find(
        { _id: { $gte: ObjectId.createFromTime(Math.floor(since.getTime() / 1000) - 1) } },
        { projection: { files_id: 1 } },
      )
      .toArray()
    const ids = [...new Set(fresh.map((chunk) => chunk.files_id))]
    const others = await files
      .find(
        { _id: { $in: ids }, 'metadata.websiteId': { $ne: websiteId } },
        { projection: { _id: 1 } },
      )
      .toArray()
    const settled = new Set([...known, ...others.map((file) => file._id)])
    const own = await files
      .find({ 'metadata.websiteId': websiteId }, { projection: { _id: 1 } })
      .toArray()
    return {
      files: own.map((file) => file._id).sort(),
      newChunks: fresh.filter((chunk) => !settled.has(chunk.files_id)).length,
    }
  } finally {
    await client.close()
  }
}

/**
 * Runs `act` and checks the website's GridFS holds what it held before, and no chunk written
 * meanwhile stays without a file of another website (nothing half-stored).
 */
export async function leavesNothing(
  websiteId: string,
  act: () => Promise<void>,
  where: { dbName?: string; mongoUrl?: string } = {},
): Promise<void> {
  const since = new Date()
  const before = (await gridFsOf(websiteId, since, new Set(), where)).files
  const count = () => gridFsOf(websiteId, since, new Set(before), where)
  await act()
  // The content service removes what it stored once it sees the failure (and another test's
  // upload may still be streaming): give both a moment.
  let now = await count()
  for (let i = 0; i < 50 && (now.files.join() !== before.join() || now.newChunks !== 0); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    now = await count()
  }
  expect(now).toEqual({ files: before, newChunks: 0 })
}

export interface MediaServices {
  services: RunningServices
  /** Their own databases, on the shared MongoDB. */
  databases: { gateway: string; content: string }
  mongo: MongoClient
  /** A website of these services and an admin key of it. */
  site: { websiteId: string; key: string }
  stop(): Promise<void>
}

/**
 * A gateway and content services of their own (own databases, own Redis prefix) in front of
 * the shared schema service, with the media settings a test needs, and one website on them.
 * Their load, their settings and their crashes stay away from other test files.
 */
export async function launchMediaServices(options: {
  name: string
  content?: Record<string, string>
  gateway?: Record<string, string>
}): Promise<MediaServices> {
  const env = testEnv()
  const suffix = randomUUID().slice(0, 8)
  const databases = {
    gateway: `cms_gateway_${options.name}_${suffix}`,
    content: `cms_content_${options.name}_${suffix}`,
  }
  const dataDir = mkdtempSync(join(DATA_ROOT, `${options.name}-`))
  const content = { MONGO_DB: databases.content, SCHEMA_URL: env.schemaUrl, ...options.content }
  const services = await launchServices({
    mongoUrl: env.mongoUrl,
    redisUrl: env.redisUrl,
    amqpUrl: env.amqpUrl,
    dataDir,
    internalToken: env.internalToken,
    only: ['gateway', 'content-read', 'content-write'],
    env: {
      gateway: {
        MONGO_DB: databases.gateway,
        REDIS_PREFIX: `cms:${options.name}-${suffix}`,
        SCHEMA_URL: env.schemaUrl,
        WEBHOOK_URL: env.webhookUrl,
        // Each test speaks from an address of its own (X-Forwarded-For), so limits stay apart.
        TRUST_PROXY_HOPS: '1',
        ...options.gateway,
      },
      'content-read': content,
      'content-write': content,
    },
  })
  const mongo = new MongoClient(env.mongoUrl)
  return {
    services,
    databases,
    mongo,
    site: await websiteOn(services, options.name),
    async stop() {
      await services.stop()
      for (const name of Object.values(databases)) await mongo.db(name).dropDatabase()
      await mongo.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A new website on `services` and an admin key of it with a generous plan. */
export async function websiteOn(
  services: RunningServices,
  name: string,
): Promise<{ websiteId: string; key: string }> {
  const admin = jsonClient(services.gatewayUrl, { authorization: `Bearer ${services.adminToken}` })
  const website = await admin('POST', '/admin/api/websites', { body: { name } })
  expect(website.status).toBe(201)
  const key = await admin('POST', `/admin/api/websites/${website.body.id}/keys`, {
    body: { name: 'admin', scope: 'admin', rateLimit: { perMinute: 100_000, perDay: 1_000_000 } },
  })
  expect(key.status).toBe(201)
  return { websiteId: website.body.id as string, key: key.body.key as string }
}
