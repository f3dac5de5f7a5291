import { CmsApiError, createCmsClient } from '@cms/client'
import type { CmsClient } from '@cms/client'
import { PANEL_RETRY, panelFetch } from '../api/panel-fetch.ts'

export type EditorClient = CmsClient

/**
 * The public API as one website's key sees it, through `@cms/client`; the key travels in
 * the `x-api-key` header only. `onUnauthorized` runs when any answer is 401.
 */
export function createEditorClient(apiKey: string, onUnauthorized?: () => void): EditorClient {
  return createCmsClient({
    apiKey,
    baseUrl: location.origin,
    fetch: panelFetch(onUnauthorized),
    retry: PANEL_RETRY,
  })
}

/**
 * Checks a key before anything is shown: it must read drafts (readDrafts), as the roles owner,
 * editor, author and preview, or a website's own role, may. What else it may do the API judges
 * per action.
 */
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
      return 'That key cannot read drafts (it needs the readDrafts permission). Editing needs a key whose role may read drafts, such as editor or author.'
    }
    if (error.status === 429) return 'Too many attempts. Wait a minute, then try again.'
    return `Signing in failed: ${error.message}`
  }
  return 'Signing in failed. Try again.'
}
