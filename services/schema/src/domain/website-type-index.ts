/**
 * Per website: the names of its content types and a revision that every change bumps. Kept
 * beside the types so a list reads the website's own types by `_id` (on FerretDB any other
 * filter decodes every website's types) and a cached list is checked with one small read.
 */
export interface WebsiteTypeIndex {
  /** The names and revision; undefined until `rebuild` has run for the website once. */
  read(websiteId: string): Promise<{ names: string[]; revision: number } | undefined>
  /** Adds `name` (before the type is inserted, so a type is never missing from its index). */
  add(websiteId: string, name: string): Promise<void>
  /** Removes `name` (after the type is removed; a name without a type is skipped when read). */
  drop(websiteId: string, name: string): Promise<void>
  /** Bumps the revision after a change of one type. */
  touch(websiteId: string): Promise<void>
  /** Records every name of `names` and marks the index complete (types stored before it existed). */
  rebuild(websiteId: string, names: readonly string[]): Promise<void>
}
