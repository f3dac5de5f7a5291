import { Type } from '@sinclair/typebox'
import type { TSchema } from '@sinclair/typebox'

/**
 * A page of a sync: documents to store (their state at the token's point) and ids to remove;
 * `nextPageToken` while there is more, else `nextSyncToken` for the next sync.
 */
export const SyncPage = <T extends TSchema>(item: T) =>
  Type.Object(
    {
      items: Type.Array(item),
      deleted: Type.Array(Type.String({ description: 'A document id' })),
      nextPageToken: Type.Optional(Type.String()),
      nextSyncToken: Type.Optional(Type.String()),
    },
    { additionalProperties: false },
  )
