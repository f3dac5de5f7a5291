/** A condition on one field: an operator and its value, or a bare value (`$eq`). */
export type FieldCondition =
  | string
  | number
  | boolean
  | null
  | { [operator: `$${string}`]: unknown }
  | { [relatedField: string]: FieldCondition }

/** `filters` as `qs` writes it: fields, `$and`/`$or` lists and `$not`. */
export interface Filters {
  $and?: Filters[]
  $or?: Filters[]
  $not?: Filters
  [field: string]: FieldCondition | Filters | Filters[] | undefined
}

/** `populate`: names, `*`, or per relation the fields to show and what to populate further. */
export type Populate =
  string | string[] | { [field: string]: true | { fields?: string[]; populate?: Populate } }

/** The query of `GET /api/content` (docs/queries.md). */
export interface ContentQuery {
  type?: string
  page?: number
  limit?: number
  filters?: Filters
  /** `-createdAt`, `title:asc`, or a list of them. */
  sort?: string | string[]
  /** Names to include, or all prefixed with `-` to exclude. */
  fields?: string | string[]
  populate?: Populate
  locale?: string
  /** Drafts as well as published documents (admin keys). */
  draft?: boolean
  /** false skips the count (`totalDocs` and `totalPages` null). */
  withCount?: boolean
}

/** The query of a single read: by id or by slug. */
export type ReadQuery = Pick<ContentQuery, 'fields' | 'populate' | 'locale' | 'draft'>

export interface PageQuery {
  page?: number
  limit?: number
}

export interface MediaQuery extends PageQuery {
  filters?: Filters
}
