import type { Db } from 'mongodb'
import type { PersonMembership } from './person.ts'

/** An invitation by a link that expires; the link's token is kept as its hash only. */
export interface Invitation {
  id: string
  tokenHash: string
  email: string
  operator: boolean
  memberships: PersonMembership[]
  createdAt: Date
  expiresAt: Date
}

interface InvitationDocument extends Omit<Invitation, 'id'> {
  _id: string
}

export interface InvitationsRepository {
  ensureIndexes(): Promise<void>
  insert(invitation: Invitation): Promise<void>
  findByToken(tokenHash: string): Promise<Invitation | undefined>
  /** An open invitation of an address (the newest), for a first sign-in through a provider. */
  findByEmail(email: string): Promise<Invitation | undefined>
  list(): Promise<Invitation[]>
  /** Takes an invitation once: false when it was taken or withdrawn meanwhile. */
  take(id: string): Promise<boolean>
}

const toInvitation = ({ _id, ...rest }: InvitationDocument): Invitation => ({ id: _id, ...rest })

export function createInvitationsRepository(db: Db): InvitationsRepository {
  const invitations = db.collection<InvitationDocument>('invitations')
  return {
    async ensureIndexes() {
      await invitations.createIndex({ tokenHash: 1 }, { unique: true })
      await invitations.createIndex({ email: 1, createdAt: -1 })
      await invitations.createIndex({ createdAt: 1 })
    },
    async insert({ id, ...rest }) {
      await invitations.insertOne({ _id: id, ...rest })
    },
    async findByToken(tokenHash) {
      const doc = await invitations.findOne({ tokenHash })
      return doc ? toInvitation(doc) : undefined
    },
    async findByEmail(email) {
      const docs = await invitations.find({ email }).sort({ createdAt: -1 }).limit(1).toArray()
      return docs[0] && toInvitation(docs[0])
    },
    async list() {
      return (await invitations.find({}).sort({ createdAt: 1 }).toArray()).map(toInvitation)
    },
    async take(id) {
      return (await invitations.deleteOne({ _id: id })).deletedCount === 1
    },
  }
}
