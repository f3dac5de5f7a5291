import type { Collection, Document, OptionalUnlessRequiredId } from 'mongodb'
import { isDuplicateKeyError, writeErrorsOf } from './driver-errors.ts'
import { groupCommit } from './group-commit.ts'

/**
 * Inserts `document` unless its unique key is taken; false when it is. Both MongoDB and FerretDB
 * make an insert atomic on a unique key (an update is not atomic on FerretDB), so this is how a
 * change claims its version, a document its slug, or a race its winner (docs/content.md).
 */
export async function insertUnlessTaken<T extends Document>(
  collection: Collection<T>,
  document: OptionalUnlessRequiredId<T>,
): Promise<boolean> {
  try {
    await collection.insertOne(document)
    return true
  } catch (error) {
    if (isDuplicateKeyError(error)) return false
    throw error
  }
}

/**
 * `insertUnlessTaken` for many documents in one command: true for each inserted, false for each
 * whose unique key was taken. Unordered, so one taken key does not stop the rest. When the
 * server does not say which were refused, or refused one for another reason, the command
 * fails as a whole: some may have been inserted, and inserting them again would report them
 * taken (by someone else), which a commit must never be told.
 */
export async function insertAllUnlessTaken<T extends Document>(
  collection: Collection<T>,
  documents: Array<OptionalUnlessRequiredId<T>>,
): Promise<boolean[]> {
  if (documents.length === 0) return []
  try {
    await collection.insertMany(documents, { ordered: false })
    return documents.map(() => true)
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error
    const failed = writeErrorsOf(error)
    const onlyTaken =
      failed.length > 0 &&
      failed.every((write) => isDuplicateKeyError({ code: write.code, message: write.errmsg }))
    if (!onlyTaken) throw error
    const taken = new Set(failed.map((write) => write.index))
    return documents.map((_, index) => !taken.has(index))
  }
}

/**
 * `insertUnlessTaken` with group commit: inserts into `collection` that arrive while one is in
 * flight go together in the next `insertMany`, so concurrent writers cost one command, not one
 * each (docs/content.md, "The write protocol"). A failed command fails each insert it carried.
 */
export function groupedInsertUnlessTaken<T extends Document>(
  collection: Collection<T>,
  options: { maxItems: number } = { maxItems: 100 },
): (document: OptionalUnlessRequiredId<T>) => Promise<boolean> {
  return groupCommit((documents) => insertAllUnlessTaken(collection, documents), options)
}

/**
 * Brings a record forward over the versions claimed after the one it shows: each claim is
 * applied in turn until there is none (or `apply` says stop). Whoever applies last walks to the
 * newest claim, so a change applied out of order never sticks.
 */
export async function rollForward<C>(options: {
  /** The version the record shows (or was just given). */
  shown: number
  claimOf: (version: number) => Promise<C | null | undefined>
  /** Applies a claim; false stops the walk (the record is gone, say). */
  apply: (claim: C, version: number) => Promise<boolean>
  maxSteps?: number
}): Promise<void> {
  const maxSteps = options.maxSteps ?? 100
  for (let version = options.shown + 1, step = 0; step < maxSteps; version++, step++) {
    const claim = await options.claimOf(version)
    if (!claim || !(await options.apply(claim, version))) return
  }
}
