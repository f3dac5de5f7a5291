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

/**
 * Members of a document answer computed from the stored record rather than stored as they are
 * shown: `fields` names them like columns, and each is read from its stored path.
 */
export const DERIVED_MEMBERS = {
  hasPendingDraft: 'pendingDraft.updatedAt',
  scheduledPublishAt: 'schedule.publishAt',
  scheduledUnpublishAt: 'schedule.unpublishAt',
} as const
export type DerivedMember = keyof typeof DERIVED_MEMBERS
export type DerivedMembers = ReadonlySet<DerivedMember>
export const ALL_DERIVED_MEMBERS: DerivedMembers = new Set(
  Object.keys(DERIVED_MEMBERS) as DerivedMember[],
)
export const isDerivedMember = (name: string): name is DerivedMember =>
  Object.hasOwn(DERIVED_MEMBERS, name)

export const DATA_PREFIX = 'data.'
