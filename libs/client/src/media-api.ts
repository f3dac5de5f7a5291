import { queryString, segment } from './query-string.ts'
import type { CallOptions, Transport } from './transport.ts'
import type { Page } from './types/list.ts'
import type { MediaChange, MediaFile, MediaUpload } from './types/media.ts'
import type { MediaQuery } from './types/query.ts'

/** An upload as the multipart form both APIs take: the texts first, then the file. */
export function mediaForm(upload: MediaUpload): FormData {
  const form = new FormData()
  if (upload.alt !== undefined) form.append('alt', upload.alt)
  if (upload.caption !== undefined) form.append('caption', upload.caption)
  const name = upload.filename ?? (upload.file as Partial<File>).name ?? 'upload'
  form.append('file', upload.file, name)
  return form
}

/** `/api/media`: uploads and their records. */
export function mediaApi(transport: Transport) {
  const at = (id: string) => `/api/media/${segment(id)}`
  return {
    /** A multipart upload; the type is sniffed from the bytes by the API. */
    upload: async (upload: MediaUpload, options?: CallOptions) =>
      (
        await transport.request<MediaFile>({
          method: 'POST',
          path: '/api/media',
          body: mediaForm(upload),
          keyed: true,
          ...options,
        })
      ).body,
    list: async (query?: MediaQuery, options?: CallOptions) =>
      (
        await transport.request<Page<MediaFile>>({
          method: 'GET',
          path: `/api/media${queryString(query)}`,
          ...options,
        })
      ).body,
    get: async (id: string, options?: CallOptions) =>
      (await transport.request<MediaFile>({ method: 'GET', path: at(id), ...options })).body,
    update: async (id: string, change: MediaChange, options?: CallOptions) =>
      (
        await transport.request<MediaFile>({
          method: 'PATCH',
          path: at(id),
          json: change,
          keyed: true,
          ...options,
        })
      ).body,
    /** `force` deletes a file documents still name. */
    delete: async (id: string, query?: { force?: boolean }, options?: CallOptions) => {
      await transport.request({
        method: 'DELETE',
        path: `${at(id)}${query?.force ? '?force=true' : ''}`,
        keyed: true,
        ...options,
      })
    },
  }
}

export type MediaApi = ReturnType<typeof mediaApi>
