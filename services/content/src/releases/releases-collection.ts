import type { Db } from 'mongodb'
import { insertUnlessTaken } from '@cms/mongo'
import type { StoredRelease } from './release.ts'

/** One claim to apply a release: whoever inserts attempt n first applies it (docs/releases.md). */
interface ApplyClaim {
  _id: string
  releaseId: string
  websiteId: string
  attempt: number
  createdAt: Date
}

export interface ReleasesCollection {
  /** The website's release; null for any other. */
  find(websiteId: string, id: string): Promise<StoredRelease | null>
  /** A page of the website's releases, newest first, and their number. */
  page(
    websiteId: string,
    page: { skip: number; limit: number },
  ): Promise<{ releases: StoredRelease[]; total: number }>
  insert(release: StoredRelease): Promise<void>
  /** Writes the release as it is now (by `_id`, a single-document write). */
  save(release: StoredRelease): Promise<void>
  remove(release: StoredRelease): Promise<void>
  /**
   * The releases some instance must act on, earliest `due` first, due or not yet (scheduled):
   * due schedules, applies under way, unsent events.
   */
  earliest(limit: number): Promise<StoredRelease[]>
  /**
   * Claims the next apply of a release unless the last claim is younger than `leaseMs` (its
   * applier may still be at work); the attempt won, or undefined.
   */
  claimApply(release: StoredRelease, now: Date, leaseMs: number): Promise<number | undefined>
  /** The applier holding `attempt` renews its lease by claiming the next one; false: taken over. */
  renewApply(release: StoredRelease, attempt: number, now: Date): Promise<boolean>
  /** The apply is over: its claims go. */
  releaseClaims(releaseId: string): Promise<void>
  ensureIndexes(): Promise<void>
}

export function releasesCollection(db: Db): ReleasesCollection {
  const releases = db.collection<StoredRelease>('releases')
  const claims = db.collection<ApplyClaim>('release_applies')
  const claim = (release: StoredRelease, attempt: number, now: Date) =>
    insertUnlessTaken(claims, {
      _id: `${release._id}:${attempt}`,
      releaseId: release._id,
      websiteId: release.websiteId,
      attempt,
      createdAt: now,
    })
  return {
    find: (websiteId, id) => releases.findOne({ _id: id, websiteId }),
    async page(websiteId, { skip, limit }) {
      const [found, total] = await Promise.all([
        releases
          .find({ websiteId })
          .sort({ createdAt: -1, _id: -1 })
          .skip(skip)
          .limit(limit)
          .toArray(),
        releases.countDocuments({ websiteId }),
      ])
      return { releases: found, total }
    },
    async insert(release) {
      await releases.insertOne(release)
    },
    async save(release) {
      await releases.replaceOne({ _id: release._id }, release)
    },
    async remove(release) {
      await releases.deleteOne({ _id: release._id, websiteId: release.websiteId })
      await claims.deleteMany({ releaseId: release._id })
    },
    earliest: (limit) =>
      releases
        .find({ due: { $exists: true } })
        .sort({ due: 1 })
        .limit(limit)
        .toArray(),
    async claimApply(release, now, leaseMs) {
      const [latest] = await claims
        .find({ releaseId: release._id })
        .sort({ attempt: -1 })
        .limit(1)
        .toArray()
      if (latest && now.getTime() - latest.createdAt.getTime() < leaseMs) return undefined
      const attempt = (latest?.attempt ?? 0) + 1
      return (await claim(release, attempt, now)) ? attempt : undefined
    },
    renewApply: (release, attempt, now) => claim(release, attempt + 1, now),
    async releaseClaims(releaseId) {
      await claims.deleteMany({ releaseId })
    },
    async ensureIndexes() {
      await releases.createIndex({ websiteId: 1, createdAt: -1, _id: -1 }, { name: 'website_list' })
      await releases.createIndex({ due: 1 }, { name: 'due' })
      await claims.createIndex({ releaseId: 1, attempt: -1 }, { name: 'attempts' })
    },
  }
}
