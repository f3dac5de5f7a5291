import { accessApi } from './access-api.ts'
import { auditApi } from './audit-api.ts'
import { changesApi } from './changes-api.ts'
import { contentApi } from './content-api.ts'
import { releasesApi } from './releases-api.ts'
import { componentsApi, contentTypesApi, localesApi } from './content-types-api.ts'
import { mediaApi } from './media-api.ts'
import { csrfHeaders } from './session-auth.ts'
import type { SessionAuth } from './session-auth.ts'
import { createTransport } from './transport.ts'
import type { TransportOptions } from './transport.ts'
import { graphqlApi } from './graphql-api.ts'
import { syncApi } from './sync-api.ts'
import { webhooksApi } from './webhooks-api.ts'

interface KeyAccess {
  /** An API key of the website (or a preview token). */
  apiKey: string
  session?: never
  website?: never
}

interface SessionAccess {
  apiKey?: never
  /** A signed-in person's session: they act with their role on `website`. */
  session: SessionAuth
  /** The website's id, sent as `x-cms-website`. */
  website: string
}

export type CmsClientOptions = Omit<TransportOptions, 'headers' | 'writeHeaders'> &
  (KeyAccess | SessionAccess)

const accessOf = (options: CmsClientOptions): Pick<TransportOptions, 'headers' | 'writeHeaders'> =>
  options.session
    ? {
        headers: { 'x-cms-website': options.website },
        writeHeaders: csrfHeaders(() => options.session.csrfToken),
      }
    : { headers: { 'x-api-key': options.apiKey } }

/** The public API (`/api`) of one website, as its API key or a signed-in person sees it. */
export function createCmsClient(options: CmsClientOptions) {
  const transport = createTransport({ ...options, ...accessOf(options) })
  return {
    baseUrl: transport.baseUrl,
    contentTypes: contentTypesApi(transport),
    components: componentsApi(transport),
    content: contentApi(transport),
    media: mediaApi(transport),
    releases: releasesApi(transport),
    webhooks: webhooksApi(transport),
    locales: localesApi(transport),
    ...accessApi(transport),
    ...auditApi(transport),
    ...changesApi(transport),
    ...syncApi(transport),
    ...graphqlApi(transport),
  }
}

export type CmsClient = ReturnType<typeof createCmsClient>
