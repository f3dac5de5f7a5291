/**
 * fetch as the panel's pages call the API: on the page's own origin (the CSP's `connect-src
 * 'self'`), never from the HTTP cache, with the session cookie (same-origin only; the CSRF
 * token travels in a header on writes). `onUnauthorized` runs when any answer is 401: the
 * session ended (signed out elsewhere, expired, or the person disabled) while the page is open.
 */
export function panelFetch(onUnauthorized?: () => void): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, { ...init, cache: 'no-store', credentials: 'same-origin' })
    if (response.status === 401) onUnauthorized?.()
    return response
  }
}

/** A person waits for a click's answer, not a minute of backoff: three attempts, 5 s of Retry-After. */
export const PANEL_RETRY = { maxAttempts: 3, maxRetryAfterMs: 5000 }
