import { rollForward } from '@cms/mongo'
import { stateToStored } from '../document/api-shape.ts'
import { slugScopesOf } from '../document/document.ts'
import type { StoredVersion } from '../document/document.ts'
import { versionKey } from '../document/version-id.ts'
import type { DocumentsCollection } from './collections/documents.ts'
import type { OutboxCollection } from './collections/outbox.ts'
import type { SlugsCollection } from './collections/slugs.ts'
import { uniqueScopesOf } from './collections/unique-values.ts'
import type { UniqueValuesCollection } from './collections/unique-values.ts'
import type { VersionsCollection } from './collections/versions.ts'

export interface VersionApplier {
  /** Brings `documents` up to a committed version record (idempotent). */
  settle(record: StoredVersion): Promise<'applied' | 'gone'>
  /**
   * Settles a committed change whose document is missing, unless the document was deleted after
   * it: true when it did. Only a create with nothing after it qualifies, since bringing a deleted
   * document back would resurrect it.
   */
  settleMissing(record: StoredVersion): Promise<boolean>
  /** Rolls the website's document forward over any committed versions it does not show yet. */
  catchUp(websiteId: string, documentId: string): Promise<void>
}

/**
 * The second half of a commit: the document is made to show a committed version record. A
 * replace may land after a newer one (docs/content.md, "The write protocol"), so whoever
 * replaces walks forward over the records that follow, which always ends at the newest.
 */
export function createVersionApplier(collections: {
  documents: DocumentsCollection
  versions: VersionsCollection
  outbox: OutboxCollection
  slugs: SlugsCollection
  uniques: UniqueValuesCollection
}): VersionApplier {
  const { documents, versions, outbox, slugs, uniques } = collections

  async function finishDelete(record: StoredVersion): Promise<void> {
    await documents.remove(record.websiteId, record.documentId)
    // Records with unsent events (the tombstone too) stay until the relay has sent them.
    await versions.deleteSentBelow(
      record.websiteId,
      record.documentId,
      record.version,
      await outbox.unsentOf(record.documentId),
    )
    for (const scope of slugScopesOf({ ...record.state, websiteId: record.websiteId }))
      await slugs.release(scope, record.documentId)
    for (const scope of uniqueScopesOf(record.state, record.state.uniques))
      await uniques.release(scope, record.documentId)
  }

  const rollForwardFrom = (websiteId: string, documentId: string, shown: number) =>
    rollForward({
      shown,
      claimOf: (version) => versions.findById(websiteId, versionKey(documentId, version)),
      async apply(next: StoredVersion) {
        if (next.reason === 'delete') {
          await finishDelete(next)
          return false
        }
        await documents.replace(stateToStored(documentId, next.state))
        return true
      },
    })

  async function settle(record: StoredVersion): Promise<'applied' | 'gone'> {
    if (record.reason === 'delete') {
      await finishDelete(record)
      return 'gone'
    }
    const stored = stateToStored(record.documentId, record.state)
    if (record.version === 1) {
      // Nobody has read a document inserted just now, so no later version can exist yet.
      if (await documents.insertIfAbsent(stored)) return 'applied'
    } else if (!(await documents.replace(stored))) {
      // Deleted meanwhile. The record stays: its event goes out before the delete's.
      return 'gone'
    }
    await rollForwardFrom(record.websiteId, record.documentId, record.version)
    return 'applied'
  }

  return {
    settle,
    async settleMissing(record) {
      if (record.version > 1) return false
      const followed = await versions.findById(record.websiteId, versionKey(record.documentId, 2))
      if (followed) return false
      await settle(record)
      return true
    },
    async catchUp(websiteId, documentId) {
      const current = await documents.findById(websiteId, documentId)
      if (current) await rollForwardFrom(websiteId, documentId, current.version)
    },
  }
}
