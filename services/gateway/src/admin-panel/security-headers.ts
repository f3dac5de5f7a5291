import type { Middleware } from 'koa'

/**
 * Only the panel's own files may run or style the page, it may talk to its own origin only, and
 * no other site may frame it. No 'unsafe-inline' anywhere: the page has no inline script or style.
 */
export const ADMIN_PANEL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

const HEADERS: Record<string, string> = {
  'Content-Security-Policy': ADMIN_PANEL_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
}

export function adminPanelSecurityHeaders(): Middleware {
  return async function adminPanelSecurityHeadersMiddleware(ctx, next) {
    ctx.set(HEADERS)
    await next()
  }
}
