import type { Collection, Db } from 'mongodb'
import type { ContentType } from '@cms/content-model'
import { ConflictError } from '@cms/errors'
import { insertUnlessTaken, isDuplicateKeyError, rollForward } from '@cms/mongo'
import type { ContentTypeStore } from '../domain/content-type-store.ts'
import { KIND_NOUNS } from '../domain/definition-kind.ts'
import type { DefinitionKind } from '../domain/definition-kind.ts'

/**
 * `_id` embeds the website, so a lookup is an `_id`-only filter and tenant-safe by construction.
 * Components live beside the types under the same `_id`s (one name space), marked by `kind`.
 */
interface ContentTypeRecord extends ContentType {
  _id: string
  websiteId: string
  kind?: 'component'
}

/** One per change of a type: `_id` = `<type id>:<version>`, so two changes cannot both win a version. */
interface VersionClaimRecord {
  _id: string
  typeId: string
  websiteId: string
  version: number
  type: ContentType
  claimedAt: string
}

/** A type record's `_id`: its website and name, so a lookup is an `_id`-only filter. */
export const recordId = (websiteId: string, name: string) => `${websiteId}:${name}`
const claimId = (typeId: string, version: number) => `${typeId}:${version}`

function toContentType(record: ContentTypeRecord): ContentType {
  const { _id: _key, websiteId: _owner, kind: _kind, ...type } = record
  return type
}

const kindOf = (record: Pick<ContentTypeRecord, 'kind'>): DefinitionKind =>
  record.kind ?? 'content-type'

/** The definitions of one kind (content types by default) in the website's shared name space. */
export function createContentTypeRepository(
  db: Db,
  kind: DefinitionKind = 'content-type',
): ContentTypeStore & { ensureIndexes(): Promise<void> } {
  const types: Collection<ContentTypeRecord> = db.collection('content_types')
  const claims: Collection<VersionClaimRecord> = db.collection('content_type_versions')
  const toRecord = (websiteId: string, type: ContentType): ContentTypeRecord => ({
    _id: recordId(websiteId, type.name),
    websiteId,
    ...(kind === 'component' && { kind }),
    ...type,
  })
  const isOwn = (record: ContentTypeRecord | null, websiteId: string) =>
    record !== null && record.websiteId === websiteId && kindOf(record) === kind

  /** The 409 of a name taken: by a definition of this kind, or of the other. */
  async function nameTaken(websiteId: string, name: string): Promise<ConflictError> {
    const holder = await types.findOne({ _id: recordId(websiteId, name) })
    const other = holder ? kindOf(holder) : kind
    return new ConflictError(
      other === kind
        ? `A ${KIND_NOUNS[kind]} named ${name} already exists`
        : `The name ${name} is taken by a ${KIND_NOUNS[other]} of this website; types and components share one name space`,
    )
  }

  /**
   * Replaces by `_id` alone once the stored type is the one the claim follows: FerretDB scans
   * every website's types for any other filter (docs/content.md, "Why it is built this way").
   * A replace that lands out of order is walked forward by `catchUp`.
   */
  async function applyClaim(
    websiteId: string,
    previousVersion: number,
    type: ContentType,
  ): Promise<void> {
    const _id = recordId(websiteId, type.name)
    const stored = await types.findOne({ _id })
    if (stored?.id !== type.id || stored.version !== previousVersion || kindOf(stored) !== kind)
      return
    await types.replaceOne({ _id }, toRecord(websiteId, type))
  }

  return {
    async ensureIndexes() {
      await types.createIndex(
        { websiteId: 1, name: 1 },
        {
          unique: true,
          name: 'website_name_unique',
        },
      )
      await claims.createIndex({ typeId: 1, version: 1 }, { name: 'type_version' })
    },

    async insert(websiteId, type) {
      try {
        await types.insertOne(toRecord(websiteId, type))
      } catch (error) {
        if (isDuplicateKeyError(error)) throw await nameTaken(websiteId, type.name)
        throw error
      }
    },

    async find(websiteId, name) {
      const record = await types.findOne({ _id: recordId(websiteId, name) })
      return record && isOwn(record, websiteId) ? toContentType(record) : undefined
    },

    async list(websiteId) {
      // Names are unique per website, so the name alone orders them (and the unique index serves it).
      const records = await types.find({ websiteId }).sort({ name: 1 }).toArray()
      return records.filter((record) => isOwn(record, websiteId)).map(toContentType)
    },

    claimVersion: (websiteId, type) =>
      insertUnlessTaken(claims, {
        _id: claimId(type.id, type.version),
        typeId: type.id,
        websiteId,
        version: type.version,
        type,
        claimedAt: type.updatedAt,
      }),

    async findClaim(typeId, version) {
      const claim = await claims.findOne({ _id: claimId(typeId, version) })
      return claim?.type
    },

    applyClaim,

    catchUp(websiteId, current) {
      return rollForward({
        shown: current.version,
        claimOf: async (version) =>
          (await claims.findOne({ _id: claimId(current.id, version) }))?.type,
        async apply(claimed: ContentType, version) {
          await applyClaim(websiteId, version - 1, claimed)
          return true
        },
      })
    },

    async remove(websiteId, type) {
      const result = await types.deleteOne({ _id: recordId(websiteId, type.name), id: type.id })
      await claims.deleteMany({ typeId: type.id })
      return result.deletedCount > 0
    },
  }
}
