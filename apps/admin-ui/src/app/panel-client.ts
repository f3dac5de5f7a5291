import { createCmsAdminClient } from '@cms/client'
import type { CmsAdminClient } from '@cms/client'

/**
 * The admin API through `@cms/client` on the page's own origin (the CSP's `connect-src 'self'`),
 * authenticated with the platform token, which travels in the Authorization header only.
 * `onUnauthorized` runs when any answer is 401 (the token was rotated while the panel is open).
 */
export function createPanelClient(token: string, onUnauthorized?: () => void): CmsAdminClient {
  const guardedFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, { ...init, cache: 'no-store', credentials: 'omit' })
    if (response.status === 401) onUnauthorized?.()
    return response
  }
  // An operator waits for a click's answer, not a minute of backoff: three attempts, 5 s of Retry-After.
  const retry = { maxAttempts: 3, maxRetryAfterMs: 5000 }
  return createCmsAdminClient({ token, baseUrl: location.origin, fetch: guardedFetch, retry })
}
