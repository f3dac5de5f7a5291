import type { Db } from 'mongodb'
import type { AuditLog } from '@cms/audit/store'
import { NotFoundError } from '@cms/errors'
import type { Logger } from '@cms/logger'
import { stateToStored } from '../document/api-shape.ts'
import type { SlugIntent } from '../document/change-request.ts'
import { slugOf } from '../document/document.ts'
import type { DocumentState, StoredDocument } from '../document/document.ts'
import type { DocumentStore } from '../document/document-store.ts'
import { versionKey } from '../document/version-id.ts'
import { createVersionApplier } from './apply-version.ts'
import { createChangeLog } from './change-log.ts'
import type { ChangeLog } from './change-log.ts'
import { createChangeLoop } from './change-loop.ts'
import { createChangeReader } from './change-reader.ts'
import type { ChangeReader } from './change-reader.ts'
import { changesCollection } from './collections/changes.ts'
import type { ChangesCollection } from './collections/changes.ts'
import { documentsCollection } from './collections/documents.ts'
import type { DocumentsCollection } from './collections/documents.ts'
import { ensureContentIndexes } from './collections/indexes.ts'
import { outboxCollection } from './collections/outbox.ts'
import type { OutboxCollection } from './collections/outbox.ts'
import { slugsCollection } from './collections/slugs.ts'
import type { SlugsCollection } from './collections/slugs.ts'
import { uniqueValuesCollection } from './collections/unique-values.ts'
import type { UniqueValuesCollection } from './collections/unique-values.ts'
import { versionsCollection } from './collections/versions.ts'
import type { VersionsCollection } from './collections/versions.ts'
import { createOutboxRelay } from './outbox-relay.ts'
import type { OutboxRelay, OutboxRelayDeps } from './outbox-relay.ts'
import { createSlugClaims } from './slug-claims.ts'
import { createUniqueClaims } from './unique-claims.ts'
import { createVersionCommit } from './version-commit.ts'

/**
 * The document store over MongoDB: the one place that knows how a change is written without
 * transactions (docs/content.md, "The write protocol"), and the relay of the events it commits.
 */
export interface ContentStore extends DocumentStore {
  /** Publishes committed events; it observes commits from the start. */
  relay: OutboxRelay
  /** The website's change log (docs/sync.md). */
  changes: ChangesCollection
  changeLog: ChangeLog
  changeReader: ChangeReader
  ensureIndexes(): Promise<void>
}

export interface StoreCollections {
  documents: DocumentsCollection
  versions: VersionsCollection
  outbox: OutboxCollection
  slugs: SlugsCollection
  uniques: UniqueValuesCollection
}

export const mongoCollections = (db: Db): StoreCollections => ({
  documents: documentsCollection(db),
  versions: versionsCollection(db),
  outbox: outboxCollection(db),
  slugs: slugsCollection(db),
  uniques: uniqueValuesCollection(db),
})

/** The write protocol's parts over any collections (the protocol tests use in-memory ones). */
export function wireWriteProtocol(
  collections: StoreCollections,
  deps: {
    logger: Logger
    clock: () => Date
    relay?: Pick<OutboxRelayDeps, 'abandonedAfterMs' | 'othersAfterMs'>
    audit?: Pick<AuditLog, 'appendAll'>
    changeLog?: ChangeLog
  },
) {
  const { documents, versions, outbox, slugs, uniques } = collections
  const { logger, clock } = deps
  const applier = createVersionApplier(collections)
  const relay = createOutboxRelay({
    outbox,
    versions,
    documents,
    applier,
    logger,
    clock,
    ...deps.relay,
    ...(deps.audit && { audit: deps.audit }),
  })
  const commit = createVersionCommit({
    versions,
    outbox,
    applier,
    observer: relay,
    logger,
    ...(deps.changeLog && { changeLog: deps.changeLog }),
  })
  const slugClaims = createSlugClaims({ slugs, documents, clock })
  const uniqueClaims = createUniqueClaims({ uniques, documents, clock })

  /**
   * A missing document may be a create whose commit went through and whose document insert did
   * not (the database went away between the two; the answer was 201 all the same): it is
   * settled here, so the writer's next read or change finds it (docs/content.md, "Read your writes").
   */
  async function findDocument(websiteId: string, id: string): Promise<StoredDocument | null> {
    const found = await documents.findById(websiteId, id)
    if (found) return found
    const created = await versions.findById(websiteId, versionKey(id, 1))
    if (!created || !(await applier.settleMissing(created))) return null
    return documents.findById(websiteId, id)
  }

  const change = createChangeLoop({
    async current(websiteId, documentId) {
      const found = await findDocument(websiteId, documentId)
      if (!found) throw new NotFoundError(`No document ${documentId}`)
      return found
    },
    commit,
    applier,
    slugClaims,
    uniqueClaims,
    clock,
  })
  return { applier, relay, commit, slugClaims, uniqueClaims, change, findDocument }
}

export function createContentStore(deps: {
  db: Db
  logger: Logger
  clock: () => Date
  /** Where the relay appends the changes' audit records. */
  audit: Pick<AuditLog, 'appendAll'>
  /** How long a claimed seq waits for its version before it reads as void. */
  changeGraceMs: number
}): ContentStore {
  const collections = mongoCollections(deps.db)
  const { documents, versions, slugs } = collections
  const changes = changesCollection(deps.db)
  const changeLog = createChangeLog(changes)
  const { relay, commit, slugClaims, uniqueClaims, change, findDocument } = wireWriteProtocol(
    collections,
    { ...deps, changeLog },
  )
  const changeReader = createChangeReader({
    changes,
    versions,
    documents,
    changeLog,
    clock: deps.clock,
    graceMs: deps.changeGraceMs,
  })

  return {
    findDocument,
    async findBySlug(scope) {
      const claim = await slugs.find(scope)
      const document = claim ? await findDocument(scope.websiteId, claim.documentId) : null
      const matches =
        document !== null &&
        document.type === scope.type &&
        slugOf(document, scope.locale) === scope.slug
      return matches ? document : null
    },
    findMany: (websiteId, ids, options) => documents.findMany(websiteId, ids, options),
    async localesInUse(websiteId, codes) {
      const used = await Promise.all(codes.map((code) => documents.usesLocale(websiteId, code)))
      return codes.filter((_, index) => used[index])
    },
    setSchedule: (...args) => documents.setSchedule(...args),
    page: (query) => documents.page(query),
    history: (websiteId, documentId, page) => versions.history(websiteId, documentId, page),
    findVersion: (websiteId, documentId, version) =>
      versions.findById(websiteId, versionKey(documentId, version)),

    async create({ documentId, changedBy, audit, state, slug, localeSlugs, eventLocale }) {
      const scope = { websiteId: state.websiteId, type: state.type }
      const claim = async (intent: SlugIntent, locale?: string) => {
        const at = { ...scope, ...(locale === undefined ? {} : { locale }) }
        if ('derivedFrom' in intent)
          return slugClaims.claimDerived({ ...at, slug: intent.derivedFrom }, documentId)
        await slugClaims.claimExact({ ...at, slug: intent.exact }, documentId)
        return intent.exact
      }
      const claimAll = async () => {
        const claimed = await claim(slug)
        const slugs: Record<string, string> = {}
        for (const [locale, intent] of Object.entries(localeSlugs ?? {}))
          slugs[locale] = await claim(intent, locale)
        return { slug: claimed, ...(Object.keys(slugs).length > 0 ? { slugs } : {}) }
      }
      // Unique values first: a create they refuse takes no slug.
      const uniques = await uniqueClaims.claimAdded(scope, state, undefined, documentId)
      const full: DocumentState = {
        ...state,
        ...(await claimAll().catch(async (error: unknown) => {
          await uniqueClaims.release(uniques, documentId)
          throw error
        })),
      }
      // A fresh id cannot lose a race for version 1; a keyed create's retry can, to the request
      // it repeats, which made the same document.
      const outcome = await commit({
        documentId,
        websiteId: state.websiteId,
        version: 1,
        reason: 'create',
        changedBy,
        state: full,
        now: state.createdAt,
        ...(eventLocale ? { eventLocale } : {}),
        ...(audit && { audit }),
      })
      const made =
        outcome === 'conflict' &&
        (await versions.findById(state.websiteId, versionKey(documentId, 1)))
      return stateToStored(documentId, made ? made.state : full)
    },
    change,
    relay,
    changes,
    changeLog,
    changeReader,
    ensureIndexes: () => ensureContentIndexes(deps.db),
  }
}
