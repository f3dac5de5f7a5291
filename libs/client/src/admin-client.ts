import { mediaForm } from './media-api.ts'
import { queryString, segment } from './query-string.ts'
import { createTransport } from './transport.ts'
import type { CallOptions, RequestBody, TransportOptions } from './transport.ts'
import type {
  CreatedKey,
  ImportAnswer,
  KeyInput,
  ListedKey,
  PurgeProgress,
  QuotaChange,
  QuotaReport,
  Website,
} from './types/admin.ts'
import type { ContentType } from './types/content-type.ts'
import type { CmsDocument } from './types/document.ts'
import type { DocsList, Page } from './types/list.ts'
import type { LocaleList } from './types/locale.ts'
import type { MediaChange, MediaFile, MediaUpload } from './types/media.ts'
import type { ContentQuery, PageQuery } from './types/query.ts'
import type { Delivery, Webhook } from './types/webhook.ts'

export interface CmsAdminClientOptions extends Omit<TransportOptions, 'headers'> {
  /** The platform admin token (`CMS_ADMIN_TOKEN` of the gateway). */
  token: string
}

/**
 * The admin API (`/admin/api`): websites, keys, quotas, purges, export and import, media, and
 * read-only views of a website's documents and webhooks. Its writes
 * carry no `Idempotency-Key` (the admin API does not keep keyed answers), so a 503 on a write is
 * thrown rather than retried; 429s and reads are retried.
 */
export function createCmsAdminClient(options: CmsAdminClientOptions) {
  const transport = createTransport({
    ...options,
    headers: { authorization: `Bearer ${options.token}` },
  })
  const call = async <T>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    json?: unknown,
    call?: CallOptions,
  ): Promise<T> =>
    (
      await transport.request<T>({
        method,
        path: `/admin/api${path}`,
        ...(json === undefined ? {} : { json }),
        ...call,
      })
    ).body
  const site = (id: string, rest = '') => `/websites/${segment(id)}${rest}`
  return {
    baseUrl: transport.baseUrl,
    websites: {
      list: (options?: CallOptions) =>
        call<DocsList<Website>>('GET', '/websites', undefined, options),
      get: (id: string, options?: CallOptions) =>
        call<Website>('GET', site(id), undefined, options),
      create: (name: string, options?: CallOptions) =>
        call<Website>('POST', '/websites', { name }, options),
      rename: (id: string, name: string, options?: CallOptions) =>
        call<Website>('PATCH', site(id), { name }, options),
      /** 204 at once; the website's data is purged in the background (`purges.get`). */
      delete: (id: string, options?: CallOptions) =>
        call<undefined>('DELETE', site(id), undefined, options),
      /** The content types of a website, read as its admin. */
      contentTypes: (id: string, options?: CallOptions) =>
        call<DocsList<ContentType>>('GET', site(id, '/content-types'), undefined, options),
      locales: (id: string, options?: CallOptions) =>
        call<LocaleList>('GET', site(id, '/locales'), undefined, options),
      /** The website's documents as its admin reads them (drafts included). */
      documents: (id: string, query?: ContentQuery, options?: CallOptions) =>
        call<Page<CmsDocument>>(
          'GET',
          site(id, `/documents${queryString(query)}`),
          undefined,
          options,
        ),
      webhooks: (id: string, options?: CallOptions) =>
        call<DocsList<Webhook>>('GET', site(id, '/webhooks'), undefined, options),
      /** A webhook's delivery log, newest first. */
      deliveries: (id: string, webhookId: string, query?: PageQuery, options?: CallOptions) =>
        call<Page<Delivery>>(
          'GET',
          site(id, `/webhooks/${segment(webhookId)}/deliveries${queryString(query)}`),
          undefined,
          options,
        ),
      /** The export's NDJSON bytes as they stream. */
      export: async (id: string, options?: CallOptions): Promise<ReadableStream<Uint8Array>> => {
        const response = await transport.stream({
          method: 'GET',
          path: `/admin/api${site(id, '/export')}`,
          accept: 'application/x-ndjson, application/json',
          untimed: true,
          ...options,
        })
        return response.body ?? new ReadableStream({ start: (c) => c.close() })
      },
      /** Streams an export in as a new website named `name`; sent once (a stream cannot be replayed). */
      import: async (name: string, ndjson: RequestBody, options?: CallOptions) =>
        (
          await transport.request<ImportAnswer>({
            method: 'POST',
            path: `/admin/api/websites/import${queryString({ name })}`,
            body: ndjson,
            contentType: 'application/x-ndjson',
            untimed: true,
            ...options,
          })
        ).body,
    },
    keys: {
      list: (websiteId: string, options?: CallOptions) =>
        call<DocsList<ListedKey>>('GET', site(websiteId, '/keys'), undefined, options),
      create: (websiteId: string, input: KeyInput, options?: CallOptions) =>
        call<CreatedKey>('POST', site(websiteId, '/keys'), input, options),
      revoke: (websiteId: string, keyId: string, options?: CallOptions) =>
        call<undefined>('DELETE', site(websiteId, `/keys/${segment(keyId)}`), undefined, options),
    },
    quotas: {
      get: (websiteId: string, options?: CallOptions) =>
        call<QuotaReport>('GET', site(websiteId, '/quotas'), undefined, options),
      change: (websiteId: string, change: QuotaChange, options?: CallOptions) =>
        call<QuotaReport>('PATCH', site(websiteId, '/quotas'), change, options),
    },
    /** A website's media library, as its admin changes it (docs/media.md). */
    media: {
      list: (websiteId: string, query?: PageQuery, options?: CallOptions) =>
        call<Page<MediaFile>>(
          'GET',
          site(websiteId, `/media${queryString(query)}`),
          undefined,
          options,
        ),
      /** A multipart upload; the type is sniffed from the bytes by the API. */
      upload: async (websiteId: string, upload: MediaUpload, options?: CallOptions) =>
        (
          await transport.request<MediaFile>({
            method: 'POST',
            path: `/admin/api${site(websiteId, '/media')}`,
            body: mediaForm(upload),
            ...options,
          })
        ).body,
      update: (websiteId: string, mediaId: string, change: MediaChange, options?: CallOptions) =>
        call<MediaFile>('PATCH', site(websiteId, `/media/${segment(mediaId)}`), change, options),
      /** 409 while a document names the file, unless `force`. */
      delete: (
        websiteId: string,
        mediaId: string,
        query?: { force?: boolean },
        options?: CallOptions,
      ) =>
        call<undefined>(
          'DELETE',
          site(websiteId, `/media/${segment(mediaId)}${query?.force ? '?force=true' : ''}`),
          undefined,
          options,
        ),
    },
    purges: {
      get: (websiteId: string, options?: CallOptions) =>
        call<PurgeProgress>('GET', `/purges/${segment(websiteId)}`, undefined, options),
    },
  }
}

export type CmsAdminClient = ReturnType<typeof createCmsAdminClient>
