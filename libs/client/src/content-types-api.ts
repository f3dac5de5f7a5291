import { PUBLIC_OPERATIONS as API } from '@cms/contract'
import { operationCaller } from './operation-call.ts'
import type { CallOptions, Transport } from './transport.ts'
import type { Component, ComponentChange, ComponentInput } from './types/component.ts'
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

/** `/api/components`: the named groups of fields that component and blocks fields name. */
export function componentsApi(transport: Transport) {
  const call = operationCaller(transport)
  return {
    list: (options?: CallOptions) => call<DocsList<Component>>(API.listComponents, options),
    get: (name: string, options?: CallOptions) =>
      call<Component>(API.getComponent, { params: { name }, ...options }),
    create: (input: ComponentInput, options?: CallOptions) =>
      call<Component>(API.createComponent, { json: input, ...options }),
    update: (name: string, change: ComponentChange, options?: CallOptions) =>
      call<Component>(API.updateComponent, { params: { name }, json: change, ...options }),
    /** 409 while fields of types or other components use it. */
    delete: async (name: string, options?: CallOptions) => {
      await call(API.deleteComponent, { params: { name }, ...options })
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
export type ComponentsApi = ReturnType<typeof componentsApi>
export type LocalesApi = ReturnType<typeof localesApi>
