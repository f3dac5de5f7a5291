import type { Db } from 'mongodb'
import { DEFAULT_LOCALES } from '@cms/content-model'
import type { LocaleDefinition } from '@cms/content-model'
import { isDuplicateKeyError } from '@cms/mongo'
import type { DefinitionKind } from '../domain/definition-kind.ts'
import type {
  Declarations,
  IndexedDefinition,
  WebsiteTypeIndex,
} from '../domain/website-type-index.ts'

interface IndexRecord {
  _id: string
  names?: string[]
  revision: number
  declarations?: Declarations
  components?: string[]
  componentDeclarations?: Declarations
  locales?: LocaleDefinition[]
  /** Set once every type stored before the index existed has been added. */
  complete?: boolean
}

/** Where each kind's names and declarations are kept in the record. */
const MEMBERS: Readonly<Record<DefinitionKind, { names: string; declarations: string }>> = {
  'content-type': { names: 'names', declarations: 'declarations' },
  component: { names: 'components', declarations: 'componentDeclarations' },
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
  const record = (websiteId: string, { kind, name, fields }: IndexedDefinition) =>
    change(websiteId, {
      $addToSet: { [MEMBERS[kind].names]: name },
      $set: { [`${MEMBERS[kind].declarations}.${name}`]: fields },
    })
  return {
    async read(websiteId) {
      const found = await index.findOne({ _id: websiteId })
      if (!found?.complete) return undefined
      return {
        names: found.names ?? [],
        revision: found.revision,
        declarations: found.declarations ?? {},
        components: found.components ?? [],
        componentDeclarations: found.componentDeclarations ?? {},
        locales: found.locales ?? [...DEFAULT_LOCALES],
      }
    },
    add: (websiteId, definition) => record(websiteId, definition),
    async drop(websiteId, kind, name) {
      const at = MEMBERS[kind]
      await change(websiteId, {
        $pull: { [at.names]: name },
        $unset: { [`${at.declarations}.${name}`]: '' },
      })
    },
    // The name too: on FerretDB a concurrent write of the index can undo an add, and any later
    // change of the definition then lists it again.
    touch: (websiteId, definition) => record(websiteId, definition),
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
