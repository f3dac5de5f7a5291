import type { ContentType } from '@cms/content-model'

/** Where content types live, per website. Implemented over MongoDB in data/. */
export interface ContentTypeStore {
  /** Inserts a new type; throws ConflictError when the website already has one of that name. */
  insert(websiteId: string, type: ContentType): Promise<void>
  find(websiteId: string, name: string): Promise<ContentType | undefined>
  /** Sorted by name. */
  list(websiteId: string): Promise<ContentType[]>
  /**
   * Claims `type.version` for `type.id` by inserting the new state under a unique key; false
   * when another change claimed that version first. The claim is the commit point of a change.
   */
  claimVersion(websiteId: string, type: ContentType): Promise<boolean>
  /** The state claimed for `version` of the type with id `typeId`, if any. */
  findClaim(typeId: string, version: number): Promise<ContentType | undefined>
  /** Brings the stored type from `previousVersion` to the claimed `type` (idempotent). */
  applyClaim(websiteId: string, previousVersion: number, type: ContentType): Promise<void>
  /** Applies every version claimed after `current`'s, in order. */
  catchUp(websiteId: string, current: ContentType): Promise<void>
  /** Removes the type and its claims; false when it was already gone. */
  remove(websiteId: string, type: ContentType): Promise<boolean>
}
