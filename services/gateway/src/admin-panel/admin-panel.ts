import { Router } from '@koa/router'
import { ADMIN_UI_DIST } from '@cms/admin-ui'
import type { Context, Middleware } from 'koa'
import { ServiceUnavailableError } from '@cms/errors'
import { routed } from '@cms/http'
import { sendStaticFile } from '../http/static-file.ts'
import { createPanelFiles } from './panel-files.ts'
import { adminPanelSecurityHeaders } from './security-headers.ts'

/** The page is revalidated on every visit; assets are named by content hash and never change. */
const PAGE_CACHE = 'no-cache'
const ASSET_CACHE = 'public, max-age=31536000, immutable'

/**
 * The browser admin panel: `GET /admin` and its assets under `/admin/assets/`, all under a strict
 * Content-Security-Policy. It only serves what the build wrote; it never builds anything itself.
 */
export function adminPanel(options: { distDir?: string } = {}): Middleware {
  const files = createPanelFiles(options.distDir ?? ADMIN_UI_DIST)
  const router = new Router({ prefix: '/admin' })
  router.use(adminPanelSecurityHeaders())
  const page = async (ctx: Context) => {
    const index = await files.index()
    if (!index) {
      throw new ServiceUnavailableError(
        'The admin panel is not built: run `npx tsx apps/admin-ui/build.ts` (npm install runs it)',
      )
    }
    sendStaticFile(ctx, index, PAGE_CACHE)
  }
  router.get('/', page)
  router.get('/assets/:name', async (ctx, next) => {
    const asset = await files.asset(ctx.params.name ?? '')
    if (!asset) return next()
    sendStaticFile(ctx, asset, ASSET_CACHE)
  })
  return routed(router)
}
