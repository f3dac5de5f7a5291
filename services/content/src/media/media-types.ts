/** What an upload may be, told from its bytes (`file-type`), never from the client. */
export const ACCEPTED_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
  'application/pdf',
  'video/mp4',
  'video/webm',
  'audio/mpeg',
] as const
export type AcceptedMimeType = (typeof ACCEPTED_MIME_TYPES)[number]

export const SVG_MIME_TYPE = 'image/svg+xml'

/** Raster images: the ones with dimensions, which transforms apply to. */
export const RASTER_IMAGE_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
]

export const isAcceptedMimeType = (mime: string): mime is AcceptedMimeType =>
  (ACCEPTED_MIME_TYPES as readonly string[]).includes(mime)

/** The stored record of one upload; the bytes are the GridFS file with the same `_id`. */
export interface MediaRecord {
  _id: string
  websiteId: string
  filename: string
  mimeType: string
  size: number
  width: number | null
  height: number | null
  alt: string | null
  caption: string | null
  sha256: string
  createdAt: Date
  updatedAt: Date
  /** Stored transforms of the file and their bytes (counted in the website's media bytes). */
  variantCount?: number
  variantBytes?: number
}

/** A record as the API shows it: `id` and the public `url` instead of storage keys, ISO dates. */
export type ApiMedia = Omit<
  MediaRecord,
  '_id' | 'websiteId' | 'createdAt' | 'updatedAt' | 'variantCount' | 'variantBytes'
> & {
  id: string
  url: string
  createdAt: string
  updatedAt: string
}

/** The public path of an asset on the gateway (extensions C): no key needed, unguessable id. */
export const assetPath = (record: Pick<MediaRecord, '_id' | 'websiteId' | 'filename'>): string =>
  `/media/${record.websiteId}/${record._id}/${encodeURIComponent(record.filename)}`

export function toApiMedia(record: MediaRecord): ApiMedia {
  return {
    id: record._id,
    filename: record.filename,
    mimeType: record.mimeType,
    size: record.size,
    width: record.width,
    height: record.height,
    alt: record.alt,
    caption: record.caption,
    sha256: record.sha256,
    url: assetPath(record),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  }
}
