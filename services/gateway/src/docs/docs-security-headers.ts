import type { Middleware } from 'koa'
import { ADMIN_PANEL_CSP, adminPanelSecurityHeaders } from '../admin-panel/security-headers.ts'

/**
 * The SHA-256 of the empty string: it admits `<style>` elements that are empty and nothing else.
 * Redoc's styled-components adds empty `<style>` elements and fills them through the CSSOM
 * (`insertRule`), which the policy does not restrict; without the hash Chromium blocks the
 * empty element, its `sheet` is null and Redoc stops with styled-components' error 17.
 */
export const EMPTY_STYLE_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"

/**
 * The one style sheet Redoc 2.5.4's bundle inserts as text (its bundled CSS, through webpack's
 * style-loader). Pinned: another Redoc version has another, and the /docs browser test fails on
 * the refusal the browser then reports.
 */
export const REDOC_STYLE_HASH = "'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc='"

/**
 * The admin panel's policy with, for Redoc, the two style hashes above and `data:` images (its
 * icons are inline SVG images in its CSS; an image cannot run script). Nothing else is added:
 * no inline script, no other origin.
 */
export const DOCS_CSP = ADMIN_PANEL_CSP.replace(
  "style-src 'self'",
  `style-src 'self' ${EMPTY_STYLE_HASH} ${REDOC_STYLE_HASH}`,
).replace("img-src 'self'", "img-src 'self' data:")

/** The admin panel's headers with the policy above. */
export function docsSecurityHeaders(): Middleware {
  const panelHeaders = adminPanelSecurityHeaders()
  return async function docsSecurityHeadersMiddleware(ctx, next) {
    await panelHeaders(ctx, async () => {
      ctx.set('Content-Security-Policy', DOCS_CSP)
      await next()
    })
  }
}
