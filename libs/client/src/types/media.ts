import type { Media, MediaPatchBody } from '@cms/contract'

/** A media record as the API answers it (derived from @cms/contract). */
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
