import { AdminApiError, errorFromResponse } from './admin-api-error.ts'
import type {
  ApiKey,
  ContentDocument,
  ContentType,
  CreatedApiKey,
  Delivery,
  DocsList,
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
  /** A number overrides a quota, null returns it to the default. */
  changeQuotas(websiteId: string, change: Record<string, number | null>): Promise<QuotaReport>
}

const BASE = '/admin/api'
const DOCUMENTS_PER_PAGE = 20
const RECENT_DELIVERIES = 10

const segment = (value: string): string => encodeURIComponent(value)

/**
 * The admin JSON API, authenticated with the platform token. The token only ever travels in the
 * Authorization header; it never appears in a URL.
 */
export function createAdminApi(token: string, fetchFn: typeof fetch = fetch): AdminApi {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
    }
    if (body !== undefined) headers['content-type'] = 'application/json'
    let response: Response
    try {
      response = await fetchFn(`${BASE}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
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
    listDeliveries: (id, webhookId) =>
      call(
        'GET',
        `${website(id)}/webhooks/${segment(webhookId)}/deliveries?limit=${RECENT_DELIVERIES}`,
      ),
  }
}
