import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { ENTRY_EVENTS } from '../../vocabulary.ts'
import { MESSAGE_KEYWORD } from '../message-keyword.ts'
import { ContentTypeName } from './names.ts'
import { Flag } from './queries.ts'

const SEQ_MESSAGE = 'since must be a sequence number (digits)'
const EVENTS_MESSAGE = `events must be a comma-separated list of ${ENTRY_EVENTS.join(', ')}`
const EVENT_NAME = `(?:${ENTRY_EVENTS.map((name) => name.replace('.', '\\.')).join('|')})`

/** GET /api/changes: where to resume and what to receive. */
export const ChangeStreamQuery = Type.Object(
  {
    since: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,15}$',
        description:
          'Replay the changes after this sequence number first (as the Last-Event-ID header does)',
        [MESSAGE_KEYWORD]: { type: SEQ_MESSAGE, pattern: SEQ_MESSAGE },
      }),
    ),
    type: Type.Optional(ContentTypeName('Only changes of documents of this type')),
    events: Type.Optional(
      Type.String({
        pattern: `^${EVENT_NAME}(?:,${EVENT_NAME}){0,${ENTRY_EVENTS.length - 1}}$`,
        description: `Only these events, comma-separated (${ENTRY_EVENTS.join(', ')})`,
        [MESSAGE_KEYWORD]: { type: EVENTS_MESSAGE, pattern: EVENTS_MESSAGE },
      }),
    ),
    draft: Flag('draft', 'true: the changes of drafts too (readDrafts); else the published view'),
  },
  { additionalProperties: false },
)
export type ChangeStreamQuery = Static<typeof ChangeStreamQuery>
