import { GridFSBucket } from 'mongodb'
import type { Db, Filter, GridFSBucketReadStream, GridFSBucketWriteStream } from 'mongodb'
import { isDuplicateKeyError } from '@cms/mongo'
import type { MediaRecord } from './media-types.ts'

/** A stored transform of a media file: a GridFS file whose `_id` is its variant id. */
export interface StoredVariant {
  id: string
  size: number
  mimeType: string
}

interface VariantClaim {
  _id: string
  claimedAt: Date
}

/**
 * The media library's storage: `media` records (one per upload, `_id` = media id), bytes in
 * GridFS (`fs.files`/`fs.chunks`) under the same id, transforms as GridFS files `<id>~<key>`
 * and `media_variant_claims`, whose insert decides who makes a new transform.
 */
export function createMediaStore(db: Db) {
  const media = db.collection<MediaRecord>('media')
  const files = db.collection<{ _id: string; length: number; metadata?: Record<string, unknown> }>(
    'fs.files',
  )
  const claims = db.collection<VariantClaim>('media_variant_claims')
  const bucket = new GridFSBucket(db)

  return {
    async ensureIndexes(): Promise<void> {
      await media.createIndex({ websiteId: 1, createdAt: -1, _id: -1 }, { name: 'website_list' })
      await files.createIndex({ 'metadata.mediaId': 1 }, { name: 'variants_of_media' })
      // GridFS creates its own indexes on first upload; made here so reads never wait for it.
      await db
        .collection('fs.chunks')
        .createIndex({ files_id: 1, n: 1 }, { unique: true, name: 'files_id_1_n_1' })
      await files.createIndex({ filename: 1, uploadDate: 1 }, { name: 'filename_1_uploadDate_1' })
      await claims.createIndex({ claimedAt: 1 }, { name: 'claimed_at' })
    },

    openUpload(
      id: string,
      filename: string,
      metadata: Record<string, unknown>,
    ): GridFSBucketWriteStream {
      return bucket.openUploadStreamWithId(id as never, filename, { metadata })
    },

    /** The bytes `start` to `end` (exclusive) of a file, or all of them. */
    openDownload(id: string, range?: { start: number; end: number }): GridFSBucketReadStream {
      return bucket.openDownloadStream(id as never, range)
    },

    /** Removes a GridFS file and its chunks; a file that is not there is no error. */
    async deleteFile(id: string): Promise<void> {
      await files.deleteOne({ _id: id })
      await db.collection('fs.chunks').deleteMany({ files_id: id })
    },

    /**
     * The bytes of the website's files and of their transforms: two aggregates on the website's
     * index (FerretDB 1 answers 0 for every `$sum` of a `$group` but the first).
     */
    async bytesOf(websiteId: string): Promise<number> {
      const sum = async (field: 'size' | 'variantBytes') => {
        const [total] = await media
          .aggregate<{ bytes: number }>([
            { $match: { websiteId } },
            { $group: { _id: null, bytes: { $sum: `$${field}` } } },
          ])
          .toArray()
        return total?.bytes ?? 0
      }
      const [files, variants] = await Promise.all([sum('size'), sum('variantBytes')])
      return files + variants
    },

    /** One more stored transform of the media file, of `bytes`. */
    async countVariant(id: string, bytes: number): Promise<void> {
      await media.updateOne({ _id: id }, { $inc: { variantCount: 1, variantBytes: bytes } })
    },

    async insert(record: MediaRecord): Promise<void> {
      await media.insertOne(record)
    },

    /** By `_id` alone (pushed down on FerretDB); the website is checked on the record. */
    async byId(websiteId: string, id: string): Promise<MediaRecord | undefined> {
      const found = await media.findOne({ _id: id })
      return found && found.websiteId === websiteId ? found : undefined
    },

    /** The ids among `ids` that are media of the website: one query. */
    async existing(websiteId: string, ids: readonly string[]): Promise<Set<string>> {
      const found = await media
        .find({ _id: { $in: [...ids] }, websiteId }, { projection: { _id: 1 } })
        .toArray()
      return new Set(found.map((record) => record._id))
    },

    async findMany(websiteId: string, ids: readonly string[]): Promise<MediaRecord[]> {
      if (ids.length === 0) return []
      return media.find({ _id: { $in: [...ids] }, websiteId }).toArray()
    },

    async page(input: {
      filter: Filter<MediaRecord>
      skip: number
      limit: number
    }): Promise<{ docs: MediaRecord[]; total: number }> {
      const [docs, total] = await Promise.all([
        media
          .find(input.filter)
          .sort({ createdAt: -1, _id: -1 })
          .skip(input.skip)
          .limit(input.limit)
          .toArray(),
        media.countDocuments(input.filter),
      ])
      return { docs, total }
    },

    async update(
      websiteId: string,
      id: string,
      changes: Partial<Pick<MediaRecord, 'alt' | 'caption' | 'filename'>> & { updatedAt: Date },
    ): Promise<MediaRecord | undefined> {
      const updated = await media.findOneAndUpdate(
        { _id: id, websiteId },
        { $set: changes },
        { returnDocument: 'after' },
      )
      return updated ?? undefined
    },

    async recordExists(id: string): Promise<boolean> {
      return (await media.findOne({ _id: id }, { projection: { _id: 1 } })) !== null
    },

    /** The record only: its URL is 404 from now on (the bytes go with `removeBytes`). */
    async removeRecord(id: string): Promise<void> {
      await media.deleteOne({ _id: id })
    },

    /** A media file's bytes and its transforms, with their claims. */
    async removeBytes(id: string): Promise<void> {
      const variants = await files
        .find({ 'metadata.mediaId': id }, { projection: { _id: 1 } })
        .toArray()
      for (const variant of variants) await this.deleteFile(variant._id)
      await this.deleteFile(id)
      await claims.deleteMany({ _id: { $in: variants.map((variant) => variant._id) } })
    },

    /**
     * A stored transform `<mediaId>~<key>`: only a file made as a transform of that media (its
     * `metadata.mediaId`), never an original or a file of another media under that id.
     */
    async variant(id: string): Promise<StoredVariant | undefined> {
      const file = await files.findOne({ _id: id })
      if (!file || file.metadata?.mediaId !== id.slice(0, id.indexOf('~'))) return undefined
      return { id, size: file.length, mimeType: String(file.metadata?.mimeType ?? '') }
    },

    /** True when this caller may make the variant; a claim older than `staleMs` is taken over. */
    async claimVariant(id: string, now: Date, staleMs: number): Promise<boolean> {
      try {
        await claims.insertOne({ _id: id, claimedAt: now })
        return true
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error
      }
      const claim = await claims.findOne({ _id: id })
      if (!claim || now.getTime() - claim.claimedAt.getTime() < staleMs) return false
      await claims.deleteOne({ _id: id })
      return this.claimVariant(id, now, Number.POSITIVE_INFINITY)
    },

    async releaseClaim(id: string): Promise<void> {
      await claims.deleteOne({ _id: id })
    },

    /** Ids of variant claims older than `before`: makers that died (or never released). */
    async claimsBefore(before: Date, limit: number): Promise<string[]> {
      const found = await claims
        .find({ claimedAt: { $lt: before } }, { projection: { _id: 1 } })
        .sort({ claimedAt: 1 })
        .limit(limit)
        .toArray()
      return found.map((claim) => claim._id)
    },
  }
}

export type MediaStore = ReturnType<typeof createMediaStore>
