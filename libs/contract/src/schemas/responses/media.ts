import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { OrNull, Timestamp, Uuid } from './common.ts'

/** A media record (extensions C; api.md "§ media: an upload answers 201 with the stored facts"). */
export const Media = Type.Object(
  {
    id: Uuid,
    filename: Type.String(),
    mimeType: Type.String({ description: 'Sniffed from the bytes' }),
    size: Type.Integer({ minimum: 0 }),
    width: OrNull(Type.Integer({ minimum: 0 })),
    height: OrNull(Type.Integer({ minimum: 0 })),
    alt: OrNull(Type.String()),
    caption: OrNull(Type.String()),
    sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    url: Type.String({
      description: 'Public path on the gateway: /media/<websiteId>/<id>/<filename>',
    }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { additionalProperties: false },
)
export type Media = Static<typeof Media>
