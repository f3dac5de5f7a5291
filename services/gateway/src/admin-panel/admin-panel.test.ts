import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises'
import { createServer, get } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import Koa from 'koa'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorHandler } from '@cms/http'
import { createLogger } from '@cms/logger'
import { REPO_ROOT } from '@cms/stack'
import { buildAdminUi } from '../../../../apps/admin-ui/build-admin-ui.ts'
import { adminPanel } from './admin-panel.ts'

interface Served {
  url: string
  close(): Promise<void>
}

/** fetch() adds `cache-control: no-cache` to conditional requests, which rightly defeats a 304. */
function conditionalGet(url: string, etag: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'if-none-match': etag } }, (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    }).on('error', reject)
  })
}

async function serve(distDir: string): Promise<Served> {
  const app = new Koa()
  app.use(errorHandler(createLogger({ service: 'admin-panel-test', level: 'silent' })))
  app.use(adminPanel({ distDir }))
  const server: Server = createServer(app.callback())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

describe('admin panel files', () => {
  let dist: string
  let built: Served
  let missing: Served
  let scriptPath: string

  beforeAll(async () => {
    const root = await mkdtemp(join(tmpdir(), 'admin-panel-'))
    dist = join(root, 'dist')
    const result = await buildAdminUi({ outDir: dist })
    scriptPath = `/admin/${result.files.find((file) => file.endsWith('.js'))}`
    await mkdir(join(root, 'secret'), { recursive: true })
    await writeFile(join(root, 'secret', 'token.js'), 'secret')
    built = await serve(dist)
    missing = await serve(join(root, 'not-built'))
  }, 60_000)

  afterAll(async () => {
    await Promise.all([built?.close(), missing?.close()])
    if (dist) await rm(join(dist, '..'), { recursive: true, force: true })
  })

  it('when the page is requested, then it comes under a strict CSP and is revalidated each time', async () => {
    for (const path of ['/admin', '/admin/']) {
      const response = await fetch(`${built.url}${path}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).not.toContain('unsafe-eval')
      expect(response.headers.get('x-frame-options')).toBe('DENY')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(await response.text()).toContain('<div id="app">')
    }
  })

  it('when the built page is read, then it has no inline script or style for the CSP to refuse', async () => {
    const html = await readFile(join(dist, 'index.html'), 'utf8')
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/)
    expect(html).not.toMatch(/<style|\sstyle=/)
    expect(html).not.toMatch(/\son[a-z]+=/)
  })

  it('when the page is asked for again with its ETag, then the answer is 304 without a body', async () => {
    const first = await fetch(`${built.url}/admin`)
    const etag = first.headers.get('etag')
    expect(etag).toBeTruthy()
    const again = await conditionalGet(`${built.url}/admin`, etag!)
    expect(again).toEqual({ status: 304, body: '' })
  })

  it('when a hashed asset is requested, then it is cacheable for good with its own type', async () => {
    const response = await fetch(`${built.url}${scriptPath}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect((await response.text()).length).toBeGreaterThan(1000)
  })

  it('when a name is unknown or tries to leave the assets folder, then it is 404 in the contract shape', async () => {
    for (const path of [
      '/admin/assets/nothing.js',
      '/admin/assets/..%2F..%2Fsecret%2Ftoken.js',
      '/admin/assets/%2e%2e%2fsecret%2ftoken.js',
      '/admin/assets/.hidden.js',
      '/admin/assets/index.html',
      '/admin/elsewhere',
    ]) {
      const response = await fetch(`${built.url}${path}`)
      expect(response.status, path).toBe(404)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND')
    }
  })

  it('when the page is sent another method, then it is 405 naming GET', async () => {
    const response = await fetch(`${built.url}/admin`, { method: 'POST' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toContain('GET')
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'METHOD_NOT_ALLOWED',
    )
  })

  it('when the panel was never built, then the page is 503 saying how to build it', async () => {
    const response = await fetch(`${missing.url}/admin`)
    expect(response.status).toBe(503)
    const body = (await response.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('SERVICE_UNAVAILABLE')
    expect(body.error.message).toContain('apps/admin-ui/build.ts')
  })
})

describe('admin panel sources', () => {
  it('when they are type-checked with their own DOM and JSX settings, then there is no error', async () => {
    const tsc = join(REPO_ROOT, 'node_modules', '.bin', 'tsc')
    const project = join(REPO_ROOT, 'apps', 'admin-ui', 'tsconfig.json')
    const run = promisify(execFile)(tsc, ['-p', project, '--noEmit'], { cwd: REPO_ROOT })
    await expect(
      run.catch((error: { stdout?: string }) => Promise.reject(new Error(error.stdout))),
    ).resolves.toBeDefined()
  }, 60_000)
})
