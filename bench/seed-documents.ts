import { randomUUID } from 'node:crypto'
import type { Db } from 'mongodb'
import type { StoredDocument, StoredVersion } from '../services/content/src/document/document.ts'
import { deriveSlug } from '../services/content/src/document/slug.ts'
import { ARTICLE_TYPE, articleData, createRandom } from './article-type.ts'
import type { RelatedDocuments } from './article-type.ts'

export interface SeededDocument {
  id: string
  slug: string
}

const BATCH = 500
const DAY_MS = 86_400_000

/**
 * Published articles written straight into the content service's database, in the shape its
 * own writes leave: the document at version 2, its create and publish versions (events sent),
 * and its slug claim, and `refs` listing its relations' ids. Ten thousand through the API would
 * take minutes on FerretDB.
 */
export async function seedDocuments(options: {
  db: Db
  websiteId: string
  authorId: string
  count: number
  related: RelatedDocuments
}): Promise<SeededDocument[]> {
  const random = createRandom(20_240_501)
  const documents = options.db.collection<StoredDocument>('documents')
  const versions = options.db.collection<StoredVersion>('versions')
  const slugs = options.db.collection<{ _id: string }>('slugs')
  const seeded: SeededDocument[] = []
  const base = Date.UTC(2025, 0, 1)
  for (let start = 0; start < options.count; start += BATCH) {
    const batch = {
      documents: [] as StoredDocument[],
      versions: [] as StoredVersion[],
      slugs: [] as Record<string, unknown>[],
    }
    for (let n = start; n < Math.min(options.count, start + BATCH); n++) {
      const id = randomUUID()
      const data = articleData(n, random, options.related)
      const slug = deriveSlug(ARTICLE_TYPE, { ...data }, id)
      const createdAt = new Date(base - Math.floor(random() * 365) * DAY_MS - n * 1000)
      const publishedAt = new Date(createdAt.getTime() + Math.floor(random() * DAY_MS))
      const draft = {
        websiteId: options.websiteId,
        type: ARTICLE_TYPE.name,
        slug,
        status: 'draft' as const,
        authorId: options.authorId,
        publishedAt: null,
        createdAt,
        updatedAt: createdAt,
        version: 1,
        data: { ...data },
        refs: [...new Set([data.author!, ...data.topics!])].sort(),
        // Every other article has a French title; the rest show the English one in French.
        ...(n % 2 === 0
          ? { locales: { fr: { title: `FR ${data.title}` } }, localesPresent: ['en', 'fr'] }
          : { localesPresent: ['en'] }),
      }
      const published = {
        ...draft,
        status: 'published' as const,
        publishedAt,
        updatedAt: publishedAt,
        version: 2,
      }
      const version = (
        state: typeof draft | typeof published,
        reason: 'create' | 'publish',
      ): StoredVersion => ({
        _id: `${id}:${state.version}`,
        documentId: id,
        websiteId: options.websiteId,
        version: state.version,
        reason,
        changedBy: options.authorId,
        state,
        event: { eventId: randomUUID(), name: `entry.${reason}`, timestamp: state.updatedAt },
        createdAt: state.updatedAt,
      })
      batch.documents.push({ _id: id, ...published })
      batch.versions.push(version(draft, 'create'), version(published, 'publish'))
      batch.slugs.push({
        _id: JSON.stringify([options.websiteId, ARTICLE_TYPE.name, slug]),
        websiteId: options.websiteId,
        type: ARTICLE_TYPE.name,
        slug,
        documentId: id,
        createdAt,
      })
      seeded.push({ id, slug })
    }
    await versions.insertMany(batch.versions, { ordered: false })
    await slugs.insertMany(batch.slugs as { _id: string }[], { ordered: false })
    await documents.insertMany(batch.documents, { ordered: false })
  }
  return seeded
}
