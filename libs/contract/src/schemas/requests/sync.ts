import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { MESSAGE_KEYWORD } from '../message-keyword.ts'
import { ContentTypeName } from './names.ts'
import { Flag } from './queries.ts'

const TOKEN_MESSAGE = 'syncToken must be a token this API answered'

/**
 * GET /api/sync: `initial=true` (with `type`, `locale`, `draft`) starts a sync; `syncToken`
 * (a `nextPageToken` or `nextSyncToken`) goes on, and carries those choices itself.
 */
export const SyncQuery = Type.Object(
  {
    initial: Flag('initial', 'true: every document the caller may read, then a nextSyncToken'),
    syncToken: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z0-9_-]{1,2048}\\.[A-Za-z0-9_-]{1,64}$',
        description: 'A nextPageToken or nextSyncToken of an earlier answer',
        [MESSAGE_KEYWORD]: { type: TOKEN_MESSAGE, pattern: TOKEN_MESSAGE },
      }),
    ),
    type: Type.Optional(ContentTypeName('Only documents of this type (initial sync)')),
    locale: Type.Optional(
      Type.String({ description: 'The locale documents are shown in (initial sync)' }),
    ),
    draft: Flag('draft', 'true: drafts and pending drafts are the states synced (readDrafts)'),
  },
  { additionalProperties: false },
)
export type SyncQuery = Static<typeof SyncQuery>
