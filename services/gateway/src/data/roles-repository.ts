import type { Db } from 'mongodb'
import type { CustomRole } from '../domain/role.ts'

/** `_id` is `<websiteId>/<name>`: a key's role is then an `_id`-only lookup. */
interface RoleDocument extends CustomRole {
  _id: string
}

export interface RolesRepository {
  ensureIndexes(): Promise<void>
  find(websiteId: string, name: string): Promise<CustomRole | undefined>
  listByWebsite(websiteId: string): Promise<CustomRole[]>
  /** False when the website already has a role of that name. */
  insert(role: CustomRole): Promise<boolean>
  replace(role: CustomRole): Promise<boolean>
  remove(websiteId: string, name: string): Promise<boolean>
  removeAllOfWebsite(websiteId: string): Promise<number>
}

const idOf = (websiteId: string, name: string) => `${websiteId}/${name}`

function toRole(doc: RoleDocument): CustomRole {
  const { _id, ...role } = doc
  return role
}

const isDuplicateKey = (error: unknown) => (error as { code?: number }).code === 11000

export function createRolesRepository(db: Db): RolesRepository {
  const roles = db.collection<RoleDocument>('roles')
  return {
    async ensureIndexes() {
      await roles.createIndex({ websiteId: 1, name: 1 })
    },
    async find(websiteId, name) {
      const doc = await roles.findOne({ _id: idOf(websiteId, name) })
      return doc ? toRole(doc) : undefined
    },
    async listByWebsite(websiteId) {
      const docs = await roles.find({ websiteId }).sort({ name: 1 }).toArray()
      return docs.map(toRole)
    },
    async insert(role) {
      try {
        await roles.insertOne({ _id: idOf(role.websiteId, role.name), ...role })
        return true
      } catch (error) {
        if (isDuplicateKey(error)) return false
        throw error
      }
    },
    async replace(role) {
      const result = await roles.replaceOne({ _id: idOf(role.websiteId, role.name) }, role)
      return result.matchedCount === 1
    },
    async remove(websiteId, name) {
      const result = await roles.deleteOne({ _id: idOf(websiteId, name) })
      return result.deletedCount === 1
    },
    async removeAllOfWebsite(websiteId) {
      const result = await roles.deleteMany({ websiteId })
      return result.deletedCount
    },
  }
}
