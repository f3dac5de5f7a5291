import { PUBLIC_OPERATIONS as API } from '@cms/contract'
import { operationCaller } from './operation-call.ts'
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
  const call = operationCaller(transport)
  return {
    /** A multipart upload; the type is sniffed from the bytes by the API. */
    upload: (upload: MediaUpload, options?: CallOptions) =>
      call<MediaFile>(API.uploadMedia, { body: mediaForm(upload), ...options }),
    list: (query?: MediaQuery, options?: CallOptions) =>
      call<Page<MediaFile>>(API.listMedia, { query, ...options }),
    get: (id: string, options?: CallOptions) =>
      call<MediaFile>(API.getMedia, { params: { id }, ...options }),
    update: (id: string, change: MediaChange, options?: CallOptions) =>
      call<MediaFile>(API.updateMedia, { params: { id }, json: change, ...options }),
    /** `force` deletes a file documents still name. */
    delete: async (id: string, query?: { force?: boolean }, options?: CallOptions) => {
      await call(API.deleteMedia, { params: { id }, query, ...options })
    },
  }
}

export type MediaApi = ReturnType<typeof mediaApi>
