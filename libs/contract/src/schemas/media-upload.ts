import type { RawBody } from '../operation-io.ts'

/**
 * `POST /api/media` (and the admin API's upload): `multipart/form-data` with a `file` part and
 * optional `alt` and `caption` fields. Not JSON, so no ajv schema checks it: the content
 * service's streaming parser does (docs/media.md); this describes it for the documents.
 */
export const MediaUpload = {
  type: 'object',
  required: ['file'],
  additionalProperties: false,
  properties: {
    file: {
      type: 'string',
      contentMediaType: 'application/octet-stream',
      description: 'The bytes; their type is sniffed from them, never taken from the client',
    },
    alt: { type: 'string' },
    caption: { type: 'string' },
  },
}

export const MediaUploadBody: RawBody = { mediaType: 'multipart/form-data', schema: MediaUpload }

/** An export of a website (`POST /admin/api/websites/import`): one JSON record a line. */
export const WebsiteExportBody: RawBody = {
  mediaType: 'application/x-ndjson',
  schema: { type: 'string', description: 'An export' },
}
