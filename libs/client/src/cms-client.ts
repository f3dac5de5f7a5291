import { accessApi } from './access-api.ts'
import { contentApi } from './content-api.ts'
import { contentTypesApi, localesApi } from './content-types-api.ts'
import { mediaApi } from './media-api.ts'
import { createTransport } from './transport.ts'
import type { TransportOptions } from './transport.ts'
import { webhooksApi } from './webhooks-api.ts'

export interface CmsClientOptions extends Omit<TransportOptions, 'headers'> {
  /** An API key of the website (or a preview token). */
  apiKey: string
}

/** The public API (`/api`) of one website, as its API key sees it. */
export function createCmsClient(options: CmsClientOptions) {
  const transport = createTransport({ ...options, headers: { 'x-api-key': options.apiKey } })
  return {
    baseUrl: transport.baseUrl,
    contentTypes: contentTypesApi(transport),
    content: contentApi(transport),
    media: mediaApi(transport),
    webhooks: webhooksApi(transport),
    locales: localesApi(transport),
    ...accessApi(transport),
  }
}

export type CmsClient = ReturnType<typeof createCmsClient>
