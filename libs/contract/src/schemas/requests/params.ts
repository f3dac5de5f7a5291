import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'

/** A document's (and a media file's) id as the content service makes them: a lower-case UUID. */
export const DOCUMENT_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'

const DocumentId = (description: string) =>
  Type.String({ pattern: DOCUMENT_ID_PATTERN, description })

/** `/api/content/:id...`: any other id names no document (404, never 422). */
export const DocumentPathParams = Type.Object({ id: DocumentId("The document's id") })
export type DocumentPathParams = Static<typeof DocumentPathParams>

/** `/api/media/:id`: any other id names no media file (404, never 422). */
export const MediaPathParams = Type.Object({ id: DocumentId("The media file's id") })
export type MediaPathParams = Static<typeof MediaPathParams>
