import { createCmsAdminClient } from '@cms/client'
import type { CmsAdminClient } from '@cms/client'
import { PANEL_RETRY, panelFetch } from '../api/panel-fetch.ts'
import type { PanelSession } from '../session/use-session.ts'

/** The admin API through `@cms/client`, as the signed-in operator's session. */
export function createPanelClient(signedIn: PanelSession): CmsAdminClient {
  return createCmsAdminClient({
    session: { csrfToken: signedIn.current.csrfToken },
    baseUrl: location.origin,
    fetch: panelFetch(signedIn.onUnauthorized),
    retry: PANEL_RETRY,
  })
}
