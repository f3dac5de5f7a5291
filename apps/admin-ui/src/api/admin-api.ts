import { AdminApiError, errorFromResponse } from './admin-api-error.ts'
import type {
  ApiKey,
  ContentDocument,
  ContentType,
  CreatedApiKey,
  Delivery,
  DocsList,
  MediaFile,
  MediaText,
  NewMediaFile,
  NewApiKey,
  Page,
  QuotaReport,
  Webhook,
  Website,
} from './admin-resources.ts'

export interface AdminApi {
  listWebsites(): Promise<Website[]>
  createWebsite(name: string): Promise<Website>
  renameWebsite(id: string, name: string): Promise<Website>
  deleteWebsite(id: string): Promise<void>
  listKeys(websiteId: string): Promise<ApiKey[]>
  createKey(websiteId: string, input: NewApiKey): Promise<CreatedApiKey>
  revokeKey(websiteId: string, keyId: string): Promise<void>
  listContentTypes(websiteId: string): Promise<ContentType[]>
  listDocuments(websiteId: string, page: number): Promise<Page<ContentDocument>>
  listWebhooks(websiteId: string): Promise<Webhook[]>
  listDeliveries(websiteId: string, webhookId: string): Promise<Page<Delivery>>
  getQuotas(websiteId: string): Promise<QuotaReport>
  listMedia(websiteId: string, page: number): Promise<Page<MediaFile>>
  uploadMedia(websiteId: string, input: NewMediaFile): Promise<MediaFile>
  updateMedia(websiteId: string, mediaId: string, text: MediaText): Promise<MediaFile>
  /** 409 while a document names the file, unless `force`. */
  deleteMedia(websiteId: string, mediaId: string, force: boolean): Promise<void>
  /** A number overrides a quota, null returns it to the default. */
  changeQuotas(websiteId: string, change: Record<string, number | null>): Promise<QuotaReport>
}

const BASE = '/admin/api'
const DOCUMENTS_PER_PAGE = 20
const MEDIA_PER_PAGE = 20
const RECENT_DELIVERIES = 10

const segment = (value: string): string => encodeURIComponent(value)

/**
 * The admin JSON API, authenticated with the platform token. The token only ever travels in the
 * Authorization header; it never appears in a URL.
 */
export function createAdminApi(token: string, fetchFn: typeof fetch = fetch): AdminApi {
  /** A FormData body is sent as multipart (the browser sets its boundary); anything else as JSON. */
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
    }
    const form = body instanceof FormData
    if (body !== undefined && !form) headers['content-type'] = 'application/json'
    let response: Response
    try {
      response = await fetchFn(`${BASE}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : form ? body : JSON.stringify(body),
        cache: 'no-store',
        credentials: 'omit',
      })
    } catch (cause) {
      throw new AdminApiError({
        status: 0,
        code: 'NETWORK',
        message: `The gateway could not be reached (${String(cause)})`,
      })
    }
    if (!response.ok) throw await errorFromResponse(response)
    if (response.status === 204) return undefined as T
    return (await response.json()) as T
  }
  const website = (id: string): string => `/websites/${segment(id)}`
  return {
    listWebsites: async () => (await call<DocsList<Website>>('GET', '/websites')).docs,
    createWebsite: (name) => call('POST', '/websites', { name }),
    renameWebsite: (id, name) => call('PATCH', website(id), { name }),
    deleteWebsite: (id) => call('DELETE', website(id)),
    listKeys: async (id) => (await call<DocsList<ApiKey>>('GET', `${website(id)}/keys`)).docs,
    createKey: (id, input) => call('POST', `${website(id)}/keys`, input),
    revokeKey: (id, keyId) => call('DELETE', `${website(id)}/keys/${segment(keyId)}`),
    listContentTypes: async (id) =>
      (await call<DocsList<ContentType>>('GET', `${website(id)}/content-types`)).docs,
    listDocuments: (id, page) =>
      call('GET', `${website(id)}/documents?page=${page}&limit=${DOCUMENTS_PER_PAGE}`),
    listWebhooks: async (id) =>
      (await call<DocsList<Webhook>>('GET', `${website(id)}/webhooks`)).docs,
    getQuotas: (id) => call('GET', `${website(id)}/quotas`),
    changeQuotas: (id, change) => call('PATCH', `${website(id)}/quotas`, change),
    listMedia: (id, page) =>
      call('GET', `${website(id)}/media?page=${page}&limit=${MEDIA_PER_PAGE}`),
    uploadMedia: (id, input) => {
      const form = new FormData()
      if (input.alt) form.append('alt', input.alt)
      form.append('file', input.file, input.file.name)
      return call('POST', `${website(id)}/media`, form)
    },
    updateMedia: (id, mediaId, text) =>
      call('PATCH', `${website(id)}/media/${segment(mediaId)}`, text),
    deleteMedia: (id, mediaId, force) =>
      call('DELETE', `${website(id)}/media/${segment(mediaId)}${force ? '?force=true' : ''}`),
    listDeliveries: (id, webhookId) =>
      call(
        'GET',
        `${website(id)}/webhooks/${segment(webhookId)}/deliveries?limit=${RECENT_DELIVERIES}`,
      ),
  }
}
