export interface MediaFile {
  id: string
  filename: string
  mimeType: string
  size: number
  width: number | null
  height: number | null
  alt: string | null
  caption: string | null
  sha256: string
  /** The public asset URL (`/media/<websiteId>/<mediaId>/<filename>`). */
  url: string
  createdAt: string
  updatedAt: string
}

export interface MediaUpload {
  /** The bytes; a `File` keeps its name, a `Blob` needs `filename`. */
  file: Blob
  filename?: string
  alt?: string
  caption?: string
}

export interface MediaChange {
  alt?: string | null
  caption?: string | null
  filename?: string
}
