import type { Db } from 'mongodb'
import { insertUnlessTaken } from '@cms/mongo'
import type { Webhook } from '../domain/webhook.ts'

type WebhookDocument = Omit<Webhook, 'id'> & { _id: string }

export interface WebhookRepository {
  /** False when the id is taken (a keyed create's retry racing the first attempt). */
  insert(webhook: Webhook): Promise<boolean>
  /** Only when the webhook belongs to `websiteId`. */
  find(websiteId: string, id: string): Promise<Webhook | undefined>
  listByWebsite(websiteId: string): Promise<Webhook[]>
  countByWebsite(websiteId: string): Promise<number>
  replace(webhook: Webhook): Promise<boolean>
  remove(websiteId: string, id: string): Promise<boolean>
}

const toWebhook = ({ _id, ...rest }: WebhookDocument): Webhook => ({ id: _id, ...rest })
const toDocument = ({ id, ...rest }: Webhook): WebhookDocument => ({ _id: id, ...rest })

export function createWebhookRepository(db: Db): WebhookRepository {
  const collection = db.collection<WebhookDocument>('webhooks')
  // An `_id`-only filter is the one FerretDB pushes down; the tenant is checked on the result.
  const findOwned = async (websiteId: string, id: string) => {
    const document = await collection.findOne({ _id: id })
    return document && document.websiteId === websiteId ? document : undefined
  }
  return {
    insert: (webhook) => insertUnlessTaken(collection, toDocument(webhook)),
    async find(websiteId, id) {
      const document = await findOwned(websiteId, id)
      return document ? toWebhook(document) : undefined
    },
    async listByWebsite(websiteId) {
      const documents = await collection
        .find({ websiteId })
        .sort({ createdAt: 1, _id: 1 })
        .toArray()
      return documents.map(toWebhook)
    },
    countByWebsite: (websiteId) => collection.countDocuments({ websiteId }),
    async replace(webhook) {
      if (!(await findOwned(webhook.websiteId, webhook.id))) return false
      const { _id, ...fields } = toDocument(webhook)
      const result = await collection.replaceOne({ _id }, fields)
      return result.matchedCount === 1
    },
    async remove(websiteId, id) {
      if (!(await findOwned(websiteId, id))) return false
      const result = await collection.deleteOne({ _id: id })
      return result.deletedCount === 1
    },
  }
}
