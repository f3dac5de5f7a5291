import { PUBLIC_OPERATIONS as API } from '@cms/contract'
import { operationCaller } from './operation-call.ts'
import type { CallOptions, Transport } from './transport.ts'
import type { ContentType, ContentTypeChange, ContentTypeInput } from './types/content-type.ts'
import type { DocsList } from './types/list.ts'
import type { Locale, LocaleList } from './types/locale.ts'

/** `/api/content-types`: the website's schemas. */
export function contentTypesApi(transport: Transport) {
  const call = operationCaller(transport)
  return {
    list: (options?: CallOptions) => call<DocsList<ContentType>>(API.listContentTypes, options),
    get: (name: string, options?: CallOptions) =>
      call<ContentType>(API.getContentType, { params: { name }, ...options }),
    create: (input: ContentTypeInput, options?: CallOptions) =>
      call<ContentType>(API.createContentType, { json: input, ...options }),
    update: (name: string, change: ContentTypeChange, options?: CallOptions) =>
      call<ContentType>(API.updateContentType, { params: { name }, json: change, ...options }),
    delete: async (name: string, options?: CallOptions) => {
      await call(API.deleteContentType, { params: { name }, ...options })
    },
  }
}

/** `/api/locales`: the website's locale list. */
export function localesApi(transport: Transport) {
  const call = operationCaller(transport)
  return {
    list: (options?: CallOptions) => call<LocaleList>(API.getLocales, options),
    /** Replaces the whole list; `force` drops locales documents still have values in. */
    replace: (locales: Locale[], query?: { force?: boolean }, options?: CallOptions) =>
      call<LocaleList>(API.setLocales, { query, json: { locales }, ...options }),
  }
}

export type ContentTypesApi = ReturnType<typeof contentTypesApi>
export type LocalesApi = ReturnType<typeof localesApi>
