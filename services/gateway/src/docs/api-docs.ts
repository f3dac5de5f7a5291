import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { Router } from '@koa/router'
import type { Context, Middleware } from 'koa'
import { routed } from '@cms/http'
import { docsSecurityHeaders } from './docs-security-headers.ts'
import { DOCS_PAGE } from './docs-page.ts'

interface DocsFile {
  body: Buffer
  type: string
  etag: string
}

const JS = 'text/javascript; charset=utf-8'

/** The files `/docs/assets/` serves: Redoc's standalone bundle from npm, and the page's own. */
const ASSETS: Readonly<Record<string, { path: () => string; type: string }>> = {
  'redoc.standalone.js': {
    path: () => createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'),
    type: JS,
  },
  'docs.js': { path: () => fileURLToPath(new URL('./assets/docs.js', import.meta.url)), type: JS },
  'favicon.svg': {
    path: () => fileURLToPath(new URL('./assets/favicon.svg', import.meta.url)),
    type: 'image/svg+xml',
  },
  'docs.css': {
    path: () => fileURLToPath(new URL('./assets/docs.css', import.meta.url)),
    type: 'text/css; charset=utf-8',
  },
}

const fileOf = (body: Buffer, type: string): DocsFile => ({
  body,
  type,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
})

function send(ctx: Context, file: DocsFile): void {
  // Revalidated on each visit (the names carry no hash); an unchanged file is a 304.
  ctx.set('Cache-Control', 'no-cache')
  ctx.type = file.type
  ctx.etag = file.etag
  ctx.status = 200
  if (ctx.fresh) {
    ctx.status = 304
    return
  }
  ctx.body = file.body
}

/**
 * `/docs`: the OpenAPI documents (`/api/openapi.json` with an API key, `/admin/api/openapi.json`
 * with the admin token) rendered by Redoc, every file served from here (no CDN), under the admin
 * panel's Content-Security-Policy (plus empty style elements, docs-security-headers.ts).
 */
export function apiDocs(): Middleware {
  const router = new Router({ prefix: '/docs' })
  const loaded = new Map<string, Promise<DocsFile>>()
  const page = fileOf(Buffer.from(DOCS_PAGE), 'text/html; charset=utf-8')
  router.use(docsSecurityHeaders())
  router.get('/', (ctx) => send(ctx, page))
  router.get('/assets/:name', async (ctx, next) => {
    const name = ctx.params.name ?? ''
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined
    if (!asset) return next()
    let file = loaded.get(name)
    if (!file) {
      file = readFile(asset.path()).then((body) => fileOf(body, asset.type))
      loaded.set(name, file)
      file.catch(() => loaded.delete(name))
    }
    send(ctx, await file)
  })
  return routed(router)
}
