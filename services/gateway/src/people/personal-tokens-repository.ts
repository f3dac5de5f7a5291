import type { Db } from 'mongodb'

/** A person's personal access token (`cmsu_...`), kept as its hash; it carries their roles. */
export interface PersonalToken {
  id: string
  personId: string
  name: string
  hash: string
  prefix: string
  createdAt: Date
  expiresAt: Date
  lastUsedAt: Date | null
}

interface PersonalTokenDocument extends Omit<PersonalToken, 'id'> {
  _id: string
}

export interface PersonalTokensRepository {
  ensureIndexes(): Promise<void>
  insert(token: PersonalToken): Promise<void>
  findByHash(hash: string): Promise<PersonalToken | undefined>
  listOf(personId: string): Promise<PersonalToken[]>
  /** False when the person has no such token. */
  remove(personId: string, id: string): Promise<boolean>
  removeAllOf(personId: string): Promise<string[]>
}

const toToken = ({ _id, ...rest }: PersonalTokenDocument): PersonalToken => ({ id: _id, ...rest })

export function createPersonalTokensRepository(db: Db): PersonalTokensRepository {
  const tokens = db.collection<PersonalTokenDocument>('personal_tokens')
  return {
    async ensureIndexes() {
      await tokens.createIndex({ hash: 1 }, { unique: true })
      await tokens.createIndex({ personId: 1, createdAt: 1 })
    },
    async insert({ id, ...rest }) {
      await tokens.insertOne({ _id: id, ...rest })
    },
    async findByHash(hash) {
      const doc = await tokens.findOne({ hash })
      return doc ? toToken(doc) : undefined
    },
    async listOf(personId) {
      return (await tokens.find({ personId }).sort({ createdAt: 1 }).toArray()).map(toToken)
    },
    async remove(personId, id) {
      return (await tokens.deleteOne({ _id: id, personId })).deletedCount === 1
    },
    async removeAllOf(personId) {
      const owned = await tokens.find({ personId }, { projection: { hash: 1 } }).toArray()
      await tokens.deleteMany({ personId })
      return owned.map((token) => token.hash)
    },
  }
}
