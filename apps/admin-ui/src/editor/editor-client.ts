import { CmsApiError, createCmsClient } from '@cms/client'
import type { CmsClient } from '@cms/client'
import { PANEL_RETRY, panelFetch } from '../api/panel-fetch.ts'
import type { PanelSession } from '../session/use-session.ts'

export type EditorClient = CmsClient

/**
 * The public API of one website as the signed-in person's role there allows, through
 * `@cms/client`'s session mode: the cookie, `x-cms-website`, and the CSRF token on writes.
 */
export function createEditorClient(signedIn: PanelSession, websiteId: string): EditorClient {
  return createCmsClient({
    session: { csrfToken: signedIn.current.csrfToken },
    website: websiteId,
    baseUrl: location.origin,
    fetch: panelFetch(signedIn.onUnauthorized),
    retry: PANEL_RETRY,
  })
}

/**
 * The editor needs to read drafts (readDrafts), as the roles owner, editor, author and preview,
 * or a website's own role, may. What else the person may do the API judges per action.
 */
export async function checkEditorAccess(client: EditorClient): Promise<void> {
  await client.content.list({ draft: true, limit: 1, withCount: false })
}

/** Why the editor cannot open a website, in words that say what to do next. */
export function editorAccessProblem(error: unknown): string {
  if (error instanceof CmsApiError && error.status === 403) {
    return 'Your role on this website cannot read drafts (it needs the readDrafts permission). Editing needs a role such as editor or author: ask an operator.'
  }
  return `The website could not be opened: ${error instanceof Error ? error.message : String(error)}`
}

/**
 * Whether the person's role may read the audit log (readAudit), as the API answers its head: a
 * 403 says no; another failure leaves the activity shown, where its page tells what went wrong.
 */
export async function readsAudit(client: EditorClient): Promise<boolean> {
  try {
    await client.audit.head()
    return true
  } catch (error) {
    return !(error instanceof CmsApiError && error.status === 403)
  }
}
