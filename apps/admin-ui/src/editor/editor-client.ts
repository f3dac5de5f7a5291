import { CmsApiError, createCmsClient } from '@cms/client'
import type { CmsClient } from '@cms/client'

export type EditorClient = CmsClient

/**
 * The public API as one website's admin key sees it, through `@cms/client` on the page's own
 * origin (the CSP's `connect-src 'self'`). The key travels in the `x-api-key` header only.
 * `onUnauthorized` runs when any answer is 401 (the key was revoked while the editor is open).
 */
export function createEditorClient(apiKey: string, onUnauthorized?: () => void): EditorClient {
  const guardedFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, { ...init, cache: 'no-store', credentials: 'omit' })
    if (response.status === 401) onUnauthorized?.()
    return response
  }
  // An editor waits for a save, not a minute of backoff: three attempts, 5 s of Retry-After.
  const retry = { maxAttempts: 3, maxRetryAfterMs: 5000 }
  return createCmsClient({ apiKey, baseUrl: location.origin, fetch: guardedFetch, retry })
}

/** Checks a key before anything is shown: admin scope is needed to see and change drafts. */
export async function checkEditorKey(apiKey: string): Promise<void> {
  await createEditorClient(apiKey).content.list({ draft: true, limit: 1, withCount: false })
}

/** What went wrong with a key, in words that say what to do next. */
export function editorSignInProblem(error: unknown): string {
  if (error instanceof CmsApiError) {
    if (error.status === 401) {
      return 'That API key was not accepted. Check that it is complete and not revoked.'
    }
    if (error.status === 403) {
      return 'That key has read scope only. Editing needs an admin-scope key of the website.'
    }
    if (error.status === 429) return 'Too many attempts. Wait a minute, then try again.'
    return `Signing in failed: ${error.message}`
  }
  return 'Signing in failed. Try again.'
}
