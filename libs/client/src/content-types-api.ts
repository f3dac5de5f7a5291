import { segment } from './query-string.ts'
import type { CallOptions, Transport } from './transport.ts'
import type { ContentType, ContentTypeChange, ContentTypeInput } from './types/content-type.ts'
import type { DocsList } from './types/list.ts'
import type { Locale, LocaleList } from './types/locale.ts'

/** `/api/content-types`: the website's schemas. */
export function contentTypesApi(transport: Transport) {
  const at = (name: string) => `/api/content-types/${segment(name)}`
  return {
    list: async (options?: CallOptions) =>
      (
        await transport.request<DocsList<ContentType>>({
          method: 'GET',
          path: '/api/content-types',
          ...options,
        })
      ).body,
    get: async (name: string, options?: CallOptions) =>
      (await transport.request<ContentType>({ method: 'GET', path: at(name), ...options })).body,
    create: async (input: ContentTypeInput, options?: CallOptions) =>
      (
        await transport.request<ContentType>({
          method: 'POST',
          path: '/api/content-types',
          json: input,
          keyed: true,
          ...options,
        })
      ).body,
    update: async (name: string, change: ContentTypeChange, options?: CallOptions) =>
      (
        await transport.request<ContentType>({
          method: 'PATCH',
          path: at(name),
          json: change,
          keyed: true,
          ...options,
        })
      ).body,
    delete: async (name: string, options?: CallOptions) => {
      await transport.request({ method: 'DELETE', path: at(name), keyed: true, ...options })
    },
  }
}

/** `/api/locales`: the website's locale list. */
export function localesApi(transport: Transport) {
  return {
    list: async (options?: CallOptions) =>
      (await transport.request<LocaleList>({ method: 'GET', path: '/api/locales', ...options }))
        .body,
    /** Replaces the whole list; `force` drops locales documents still have values in. */
    replace: async (locales: Locale[], query?: { force?: boolean }, options?: CallOptions) =>
      (
        await transport.request<LocaleList>({
          method: 'PUT',
          path: `/api/locales${query?.force ? '?force=true' : ''}`,
          json: { locales },
          ...options,
        })
      ).body,
  }
}

export type ContentTypesApi = ReturnType<typeof contentTypesApi>
export type LocalesApi = ReturnType<typeof localesApi>
