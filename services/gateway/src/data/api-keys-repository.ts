import type { Db } from 'mongodb'
import { ROLE_OF_SCOPE } from '@cms/contract'
import type { KeyScope } from '@cms/contract'
import type { ApiKey } from '../domain/api-key.ts'

/**
 * `_id` is the key's SHA-256 hash: authentication is then an `_id`-only lookup, fast on FerretDB
 * too. Keys made before roles carry `scope` instead of `role`, and no `types` or `expiresAt`.
 */
interface ApiKeyDocument extends Omit<ApiKey, 'role' | 'types' | 'expiresAt'> {
  _id: string
  role?: string
  scope?: KeyScope
  types?: readonly string[] | null
  expiresAt?: Date | null
}

export interface ApiKeysRepository {
  ensureIndexes(): Promise<void>
  insert(key: ApiKey, hash: string): Promise<void>
  findByHash(hash: string): Promise<ApiKey | undefined>
  findById(websiteId: string, keyId: string): Promise<{ key: ApiKey; hash: string } | undefined>
  /** The key stops working at `at` (a rotation's grace period). */
  expire(hash: string, at: Date): Promise<void>
  listByWebsite(websiteId: string): Promise<ApiKey[]>
  /** Marks the key of this hash revoked at `at`. */
  revoke(hash: string, at: Date): Promise<void>
  /** Revokes every live key of the website; gives their hashes. */
  revokeAllOfWebsite(websiteId: string, at: Date): Promise<string[]>
  /** Moves each key's `lastUsedAt` forward to its time (never back), in one command. */
  recordLastUsed(uses: ReadonlyMap<string, Date>): Promise<void>
}

function toApiKey(doc: ApiKeyDocument): ApiKey {
  return {
    id: doc.id,
    websiteId: doc.websiteId,
    name: doc.name,
    role: doc.role ?? ROLE_OF_SCOPE[doc.scope ?? 'read'],
    types: doc.types ?? null,
    expiresAt: doc.expiresAt ?? null,
    prefix: doc.prefix,
    rateLimit: { perMinute: doc.rateLimit.perMinute, perDay: doc.rateLimit.perDay },
    createdAt: doc.createdAt,
    revokedAt: doc.revokedAt ?? null,
    lastUsedAt: doc.lastUsedAt ?? null,
  }
}

export function createApiKeysRepository(db: Db): ApiKeysRepository {
  const keys = db.collection<ApiKeyDocument>('api_keys')
  return {
    async ensureIndexes() {
      await keys.createIndex({ id: 1 }, { unique: true })
      await keys.createIndex({ websiteId: 1, createdAt: 1, _id: 1 })
    },
    async insert(key, hash) {
      await keys.insertOne({ _id: hash, ...key })
    },
    async findByHash(hash) {
      const doc = await keys.findOne({ _id: hash })
      return doc ? toApiKey(doc) : undefined
    },
    async findById(websiteId, keyId) {
      const doc = await keys.findOne({ id: keyId, websiteId })
      return doc ? { key: toApiKey(doc), hash: doc._id } : undefined
    },
    async expire(hash, at) {
      await keys.updateOne({ _id: hash }, { $set: { expiresAt: at } })
    },
    async listByWebsite(websiteId) {
      const docs = await keys.find({ websiteId }).sort({ createdAt: 1, _id: 1 }).toArray()
      return docs.map(toApiKey)
    },
    async revoke(hash, at) {
      await keys.updateOne({ _id: hash }, { $set: { revokedAt: at } })
    },
    async revokeAllOfWebsite(websiteId, at) {
      const live = await keys.find({ websiteId, revokedAt: null }).toArray()
      for (const doc of live) await keys.updateOne({ _id: doc._id }, { $set: { revokedAt: at } })
      return live.map((doc) => doc._id)
    },
    async recordLastUsed(uses) {
      if (uses.size === 0) return
      await keys.bulkWrite(
        [...uses].map(([hash, at]) => ({
          updateOne: { filter: { _id: hash }, update: { $max: { lastUsedAt: at } } },
        })),
        { ordered: false },
      )
    },
  }
}
