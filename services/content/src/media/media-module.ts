import type { Db } from 'mongodb'
import type { Middleware } from 'koa'
import { routed } from '@cms/http'
import type { Logger } from '@cms/logger'
import type { DocumentStore } from '../document/document-store.ts'
import { mediaSettingsOf } from './media-config.ts'
import { createImageEngine } from './image-engine.ts'
import { createMediaLibrary } from './media-library.ts'
import { assetRoutes, mediaRoutes, mediaUploadRoute } from './media-routes.ts'
import { createMediaStore } from './media-store.ts'
import { createOrphanSweep } from './orphan-sweep.ts'
import { createPendingBytes } from './pending-bytes.ts'
import { createVariantMaker } from './variant-maker.ts'
import { createAssetCache, uncachedAssets } from './asset-cache.ts'
import type { OpenStored } from './asset-cache.ts'
import { cachedVariants } from './cached-variants.ts'
import { toApiMedia } from './media-types.ts'
import type { MediaLookup } from '../domain/relations.ts'
import type { ContentAudit } from '../audit/content-audit.ts'
import type { MediaChanged } from './media-purges.ts'

/** The media library wired for main.ts: its indexes, the upload step and its routes. */
export function createMediaModule(deps: {
  db: Db
  documents: Pick<DocumentStore, 'page'>
  config: Parameters<typeof mediaSettingsOf>[0]
  clock: () => Date
  logger: Logger
  writes: boolean
  audit: ContentAudit
  changed?: MediaChanged
}) {
  const store = createMediaStore(deps.db)
  const pending = createPendingBytes(deps.db)
  const settings = mediaSettingsOf(deps.config)
  const images = createImageEngine({ kind: settings.imageEngine })
  const library = createMediaLibrary({
    media: store,
    pending,
    images,
    documents: deps.documents,
    settings,
    clock: deps.clock,
    ...(deps.changed && { changed: deps.changed }),
  })
  const openStored: OpenStored = (id, range) => store.openDownload(id, range)
  const bytes =
    settings.cache.maxBytes > 0
      ? createAssetCache({
          root: settings.cache.dir,
          maxBytes: settings.cache.maxBytes,
          openStored,
        })
      : uncachedAssets(openStored)
  const variants = cachedVariants(
    createVariantMaker({ store, images, settings, clock: deps.clock }),
    bytes,
  )
  return {
    store,
    library,
    /** Started by writers only: bytes that dead uploads and deletes left behind. */
    orphanSweep: createOrphanSweep({
      store,
      pending,
      clock: deps.clock,
      logger: deps.logger,
      everyMs: settings.sweepEveryMs,
      orphanAfterMs: settings.orphanAfterMs,
    }),
    /** For media fields of documents: which ids exist, and the files in the API's shape. */
    lookup: {
      existing: (websiteId, ids) => store.existing(websiteId, ids),
      shown: async (websiteId, ids) => (await store.findMany(websiteId, ids)).map(toApiMedia),
    } satisfies MediaLookup,
    ensureIndexes: async () => {
      await store.ensureIndexes()
      await pending.ensureIndexes()
    },
    upload: mediaUploadRoute(library, deps.audit),
    routes: [
      routed(mediaRoutes(library, { writes: deps.writes, audit: deps.audit })),
      routed(assetRoutes({ library, bytes, variants, sizes: settings.transforms.sizes })),
    ] as Middleware[],
  }
}
