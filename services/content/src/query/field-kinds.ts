import type { FieldType } from '@cms/content-model'

/**
 * How a field's values are stored and compared. Field types that store the same shape share a
 * kind: `text`, `email`, `select` ... are all strings to a query.
 */
export const FIELD_KINDS = [
  'string',
  'tags',
  'number',
  'integer',
  'boolean',
  /** `YYYY-MM-DD` strings inside `data`. */
  'date',
  /** Normalized ISO 8601 strings inside `data` (`2024-05-01T10:00:00.000Z`). */
  'datetime',
  /** BSON dates: the base columns publishedAt, createdAt, updatedAt. */
  'timestamp',
  /** richText, json, and component and blocks values as a whole: only `$null` / `$notNull`. */
  'opaque',
  /** Document ids (one, or a list where each element is compared): equality only. */
  'relation',
] as const
export type FieldKind = (typeof FIELD_KINDS)[number]

export const KIND_BY_FIELD_TYPE: Readonly<Record<FieldType, FieldKind>> = {
  text: 'string',
  textarea: 'string',
  email: 'string',
  url: 'string',
  select: 'string',
  richText: 'opaque',
  json: 'opaque',
  tags: 'tags',
  number: 'number',
  integer: 'integer',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
  relation: 'relation',
  media: 'relation',
  // A component or blocks value as a whole: there or not; its fields are reached by name.
  component: 'opaque',
  blocks: 'opaque',
}

/** Kinds with a total order a sort can use; tags and opaque values have none worth exposing. */
export const SORTABLE_KINDS: ReadonlySet<FieldKind> = new Set([
  'string',
  'number',
  'integer',
  'boolean',
  'date',
  'datetime',
  'timestamp',
])

/** A field as a query sees it: the stored path and how its values compare. */
export interface FieldRef {
  /** As the client may write it in errors: `slug`, `data.title`, `data.author.title`. */
  name: string
  /** On the document itself, or on the related document when `via` is set. */
  path: string
  kind: FieldKind
  sortable: boolean
  /** A field of the documents a relation field names (`data.author.title`). */
  via?: RelationHop
  /** A component or blocks field: `filters[seo][title]` names a field inside its value. */
  nests?: true
}

/** The relation a condition on a related document's field goes through. */
export interface RelationHop {
  /** The relation field's stored path: `data.author`. */
  path: string
  /** The content type its ids name. */
  target: string
}
