import type { MediaPatchBody } from '../../../api-schema/src/requests/content.ts'
import type { Media } from '../../../api-schema/src/responses/media.ts'

/** A media record as the API answers it (derived from @cms/api-schema). */
export type MediaFile = Media

/** An upload, sent as `multipart/form-data` (no JSON schema: the API reads the form's parts). */
export interface MediaUpload {
  /** The bytes; a `File` keeps its name, a `Blob` needs `filename`. */
  file: Blob
  filename?: string
  alt?: string
  caption?: string
}

export type MediaChange = MediaPatchBody
