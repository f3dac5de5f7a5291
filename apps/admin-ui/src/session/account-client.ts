import { createCmsAccountClient } from '@cms/client'
import type { CmsAccountClient, SessionAuth } from '@cms/client'
import { PANEL_RETRY, panelFetch } from '../api/panel-fetch.ts'

/** The person's own account (`/auth`) on the page's origin, through the session cookie. */
export function createPanelAccountClient(
  session?: SessionAuth,
  onUnauthorized?: () => void,
): CmsAccountClient {
  return createCmsAccountClient({
    baseUrl: location.origin,
    fetch: panelFetch(onUnauthorized),
    retry: PANEL_RETRY,
    ...(session ? { session } : {}),
  })
}
