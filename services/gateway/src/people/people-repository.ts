import type { Db } from 'mongodb'
import { isDuplicateKeyError } from '@cms/mongo'
import type { Person } from './person.ts'

interface PersonDocument extends Omit<Person, 'id'> {
  _id: string
}

export interface PeopleRepository {
  ensureIndexes(): Promise<void>
  find(id: string): Promise<Person | undefined>
  findByEmail(email: string): Promise<Person | undefined>
  findByIdentity(identity: string): Promise<Person | undefined>
  list(): Promise<Person[]>
  /** False when a person already has the email. */
  insert(person: Person): Promise<boolean>
  /** Sets members of one person; false when there is no such person. */
  update(id: string, changes: Partial<Omit<Person, 'id'>>): Promise<boolean>
  addIdentity(id: string, identity: string): Promise<void>
  remove(id: string): Promise<boolean>
  /** Whether any person may use the admin API. */
  hasOperator(): Promise<boolean>
}

const toPerson = ({ _id, ...rest }: PersonDocument): Person => ({ id: _id, ...rest })

export function createPeopleRepository(db: Db): PeopleRepository {
  const people = db.collection<PersonDocument>('people')
  return {
    async ensureIndexes() {
      await people.createIndex({ email: 1 }, { unique: true })
      await people.createIndex({ identities: 1 })
      await people.createIndex({ 'memberships.websiteId': 1 })
      await people.createIndex({ operator: 1 })
    },
    async find(id) {
      const doc = await people.findOne({ _id: id })
      return doc ? toPerson(doc) : undefined
    },
    async findByEmail(email) {
      const doc = await people.findOne({ email })
      return doc ? toPerson(doc) : undefined
    },
    async findByIdentity(identity) {
      const doc = await people.findOne({ identities: identity })
      return doc ? toPerson(doc) : undefined
    },
    async list() {
      return (await people.find({}).sort({ email: 1 }).toArray()).map(toPerson)
    },
    async insert({ id, ...rest }) {
      try {
        await people.insertOne({ _id: id, ...rest })
        return true
      } catch (error) {
        if (isDuplicateKeyError(error)) return false
        throw error
      }
    },
    async update(id, changes) {
      const result = await people.updateOne({ _id: id }, { $set: changes })
      return result.matchedCount === 1
    },
    async addIdentity(id, identity) {
      await people.updateOne({ _id: id }, { $addToSet: { identities: identity } })
    },
    async remove(id) {
      return (await people.deleteOne({ _id: id })).deletedCount === 1
    },
    async hasOperator() {
      return (await people.findOne({ operator: true }, { projection: { _id: 1 } })) !== null
    },
  }
}
