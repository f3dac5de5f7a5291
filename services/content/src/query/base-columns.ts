import type { FieldRef } from './field-kinds.ts'

/** Document members outside `data`, by the name clients use. */
export const BASE_COLUMNS: ReadonlyMap<string, FieldRef> = new Map(
  (
    [
      // Ids are random, so ordering by them means nothing to a client; it is the tiebreaker only.
      { name: 'id', path: '_id', kind: 'string', sortable: false },
      { name: 'type', path: 'type', kind: 'string', sortable: true },
      { name: 'slug', path: 'slug', kind: 'string', sortable: true },
      { name: 'status', path: 'status', kind: 'string', sortable: true },
      { name: 'authorId', path: 'authorId', kind: 'string', sortable: true },
      { name: 'publishedAt', path: 'publishedAt', kind: 'timestamp', sortable: true },
      { name: 'createdAt', path: 'createdAt', kind: 'timestamp', sortable: true },
      { name: 'updatedAt', path: 'updatedAt', kind: 'timestamp', sortable: true },
      { name: 'version', path: 'version', kind: 'integer', sortable: true },
    ] satisfies FieldRef[]
  ).map((column) => [column.name, column]),
)

export const DATA_PREFIX = 'data.'
