import type { Db } from 'mongodb'
import { DEFAULT_LOCALES } from '@cms/content-model'
import type { LocaleDefinition } from '@cms/content-model'
import { isDuplicateKeyError } from '@cms/mongo'
import type { FieldDeclaration, WebsiteTypeIndex } from '../domain/website-type-index.ts'

interface IndexRecord {
  _id: string
  names: string[]
  revision: number
  declarations?: Record<string, FieldDeclaration[]>
  locales?: LocaleDefinition[]
  /** Set once every type stored before the index existed has been added. */
  complete?: boolean
}

/** One small document per website, read and written by `_id` only (type names are safe keys). */
export function createWebsiteTypeIndexRepository(db: Db): WebsiteTypeIndex {
  const index = db.collection<IndexRecord>('website_type_index')
  const change = async (websiteId: string, update: Record<string, unknown>) => {
    const apply = () =>
      index.updateOne({ _id: websiteId }, { ...update, $inc: { revision: 1 } }, { upsert: true })
    try {
      await apply()
    } catch (error) {
      // Two first changes raced to insert the document: the other's landed, so this one updates.
      if (!isDuplicateKeyError(error)) throw error
      await apply()
    }
  }
  return {
    async read(websiteId) {
      const found = await index.findOne({ _id: websiteId })
      if (!found?.complete) return undefined
      return {
        names: found.names,
        revision: found.revision,
        declarations: found.declarations ?? {},
        locales: found.locales ?? [...DEFAULT_LOCALES],
      }
    },
    async add(websiteId, name, fields) {
      await change(websiteId, {
        $addToSet: { names: name },
        $set: { [`declarations.${name}`]: fields },
      })
    },
    async drop(websiteId, name) {
      await change(websiteId, { $pull: { names: name }, $unset: { [`declarations.${name}`]: '' } })
    },
    async touch(websiteId, name, fields) {
      await change(websiteId, { $set: { [`declarations.${name}`]: fields } })
    },
    async setLocales(websiteId, locales) {
      await change(websiteId, { $set: { locales } })
    },
    async rebuild(websiteId, types) {
      const declarations = Object.fromEntries(
        types.map((type) => [`declarations.${type.name}`, type.fields]),
      )
      await change(websiteId, {
        $addToSet: { names: { $each: types.map((type) => type.name) } },
        $set: { ...declarations, complete: true },
      })
    },
  }
}
