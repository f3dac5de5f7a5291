import { randomUUID } from 'node:crypto'
import type { Db } from 'mongodb'
import { isDuplicateKeyError } from '@cms/mongo'

/**
 * A token per website, replaced after every change to its documents. A fresh random value
 * (never an increment) keeps it right on FerretDB, whose updates are not atomic: whichever
 * write lands last, the token a reader sees was written after every change acknowledged before
 * it looked, and no token ever comes back.
 */
export interface ChangeStamps {
  current(websiteId: string): Promise<string>
  renew(websiteId: string): Promise<void>
}

interface Stamp {
  _id: string
  token: string
}

export function createChangeStamps(db: Db): ChangeStamps {
  const stamps = db.collection<Stamp>('change_stamps')
  const replace = (websiteId: string) =>
    stamps.replaceOne({ _id: websiteId }, { token: randomUUID() }, { upsert: true })
  return {
    async current(websiteId) {
      return (await stamps.findOne({ _id: websiteId }))?.token ?? 'none'
    },
    async renew(websiteId) {
      try {
        await replace(websiteId)
      } catch (error) {
        // Two first stamps raced to insert: the other landed, and ours replaces it now.
        if (!isDuplicateKeyError(error)) throw error
        await replace(websiteId)
      }
    },
  }
}
