import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { Router } from '@koa/router'
import type { Middleware } from 'koa'
import { routed } from '@cms/http'
import { sendStaticFile, staticFileOf } from '../http/static-file.ts'
import type { StaticFile } from '../http/static-file.ts'
import { docsSecurityHeaders } from './docs-security-headers.ts'
import { DOCS_PAGE } from './docs-page.ts'

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

/** Revalidated on each visit (the names carry no hash); an unchanged file is a 304. */
const DOCS_CACHE = 'no-cache'

/**
 * `/docs`: the OpenAPI documents (`/api/openapi.json` with an API key, `/admin/api/openapi.json`
 * with the admin token) rendered by Redoc, every file served from here (no CDN), under the admin
 * panel's Content-Security-Policy (plus empty style elements, docs-security-headers.ts).
 */
export function apiDocs(): Middleware {
  const router = new Router({ prefix: '/docs' })
  const loaded = new Map<string, Promise<StaticFile>>()
  const page = staticFileOf(Buffer.from(DOCS_PAGE), 'text/html; charset=utf-8')
  router.use(docsSecurityHeaders())
  router.get('/', (ctx) => sendStaticFile(ctx, page, DOCS_CACHE))
  router.get('/assets/:name', async (ctx, next) => {
    const name = ctx.params.name ?? ''
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined
    if (!asset) return next()
    let file = loaded.get(name)
    if (!file) {
      file = readFile(asset.path()).then((body) => staticFileOf(body, asset.type))
      loaded.set(name, file)
      file.catch(() => loaded.delete(name))
    }
    sendStaticFile(ctx, await file, DOCS_CACHE)
  })
  return routed(router)
}
