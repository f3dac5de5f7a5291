import type { DocumentsRepository } from './documents-repository.ts'
import type { ChangeStamps } from './change-stamps.ts'

/**
 * The documents repository, renewing the website's change stamp after every change it makes
 * (the committer's settle, roll-forward and delete all come through here), before the change
 * is acknowledged to anyone.
 */
export function withChangeStamps(
  documents: DocumentsRepository,
  stamps: ChangeStamps,
): DocumentsRepository {
  return {
    ...documents,
    async insertIfAbsent(document) {
      const inserted = await documents.insertIfAbsent(document)
      if (inserted) await stamps.renew(document.websiteId)
      return inserted
    },
    async replaceIfOlder(document) {
      const replaced = await documents.replaceIfOlder(document)
      if (replaced) await stamps.renew(document.websiteId)
      return replaced
    },
    async remove(document) {
      const removed = await documents.remove(document)
      if (removed) await stamps.renew(document.websiteId)
      return removed
    },
  }
}
