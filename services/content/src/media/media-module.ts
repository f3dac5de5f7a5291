import type { Db } from 'mongodb'
import type { Middleware } from 'koa'
import { routed } from '@cms/http'
import type { ContentStore } from '../store/content-store.ts'
import { mediaSettingsOf } from './media-config.ts'
import { createMediaLibrary } from './media-library.ts'
import { assetRoutes, mediaRoutes, mediaUploadRoute } from './media-routes.ts'
import { createMediaStore } from './media-store.ts'
import { createVariantMaker } from './variant-maker.ts'
import { toApiMedia } from './media-types.ts'
import type { MediaLookup } from '../domain/relations.ts'

/** The media library wired for main.ts: its indexes, the upload step and its routes. */
export function createMediaModule(deps: {
  db: Db
  documents: Pick<ContentStore, 'page'>
  config: Parameters<typeof mediaSettingsOf>[0]
  clock: () => Date
  writes: boolean
}) {
  const store = createMediaStore(deps.db)
  const settings = mediaSettingsOf(deps.config)
  const library = createMediaLibrary({
    media: store,
    documents: deps.documents,
    settings,
    clock: deps.clock,
  })
  const variants = createVariantMaker({ store, settings, clock: deps.clock })
  return {
    store,
    library,
    /** For media fields of documents: which ids exist, and the files in the API's shape. */
    lookup: {
      existing: (websiteId, ids) => store.existing(websiteId, ids),
      shown: async (websiteId, ids) => (await store.findMany(websiteId, ids)).map(toApiMedia),
    } satisfies MediaLookup,
    ensureIndexes: () => store.ensureIndexes(),
    upload: mediaUploadRoute(library),
    routes: [
      routed(mediaRoutes(library, { writes: deps.writes })),
      routed(assetRoutes({ library, store, variants })),
    ] as Middleware[],
  }
}
