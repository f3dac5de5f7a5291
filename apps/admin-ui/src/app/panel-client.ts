import { createCmsAdminClient } from '@cms/client'
import type { CmsAdminClient } from '@cms/client'
import { PANEL_RETRY, panelFetch } from '../api/panel-fetch.ts'

/** The admin API through `@cms/client`, authenticated with the platform token. */
export function createPanelClient(token: string, onUnauthorized?: () => void): CmsAdminClient {
  return createCmsAdminClient({
    token,
    baseUrl: location.origin,
    fetch: panelFetch(onUnauthorized),
    retry: PANEL_RETRY,
  })
}
