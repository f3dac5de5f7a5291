import type { Middleware } from 'koa'

const PLACEHOLDER = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>CMS admin</title></head>
<body>
<h1>CMS admin</h1>
<p>The admin panel is not installed in this build. The admin JSON API is at <code>/admin/api</code>
(<code>Authorization: Bearer &lt;CMS_ADMIN_TOKEN&gt;</code>), and the <code>cms</code> command line tool uses it.</p>
</body>
</html>
`

/**
 * The seam for the browser admin panel: a middleware that serves `GET /admin` and the panel's
 * assets under `/admin/...` (never `/admin/api`, which the gateway answers before this runs).
 * Until the panel is built in, this placeholder page stands in.
 */
export function placeholderAdminPanel(): Middleware {
  return async function placeholderAdminPanelMiddleware(ctx, next) {
    if (ctx.path !== '/admin' && ctx.path !== '/admin/') return next()
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next()
    ctx.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.type = 'text/html; charset=utf-8'
    ctx.body = PLACEHOLDER
  }
}
