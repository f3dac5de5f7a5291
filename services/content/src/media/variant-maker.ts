import { pipeline } from 'node:stream/promises'
import { NotImplementedError, ValidationError } from '@cms/errors'
import type { MediaSettings } from './media-config.ts'
import type { MediaStore, StoredVariant } from './media-store.ts'
import { RASTER_IMAGE_TYPES } from './media-types.ts'
import type { MediaRecord } from './media-types.ts'
import type { ImageEngine } from './image-engine.ts'
import { MIME_OF_FORMAT, resolvedTransform } from './transform-params.ts'
import type { TransformRequest } from './transform-params.ts'

/** A claim older than this is a maker that died; another takes over. */
const CLAIM_STALE_MS = 30_000
const WAIT_STEP_MS = 100

export interface VariantMakerDeps {
  store: MediaStore
  images: ImageEngine
  settings: MediaSettings
  clock: () => Date
  sleep?: (ms: number) => Promise<void>
}

/**
 * Each distinct transform of a media file is made once and kept in GridFS as `<id>~<key>`.
 * Concurrent first requests in this process share one promise; across processes the insert of
 * a claim decides who makes it, and the others wait for the stored file (GridFS writes the
 * file document after the last chunk, so a file that is there is complete).
 */
export function createVariantMaker(deps: VariantMakerDeps) {
  const inFlight = new Map<string, Promise<StoredVariant>>()
  const sleep = deps.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)))

  async function make(
    record: MediaRecord,
    id: string,
    transform: TransformRequest & { format: keyof typeof MIME_OF_FORMAT },
  ): Promise<StoredVariant> {
    const engine = await deps.images.state()
    if (!engine.available)
      throw new NotImplementedError(
        `Image transforms are not available in this process: ${engine.reason}; the original is served without parameters`,
      )
    const mimeType = MIME_OF_FORMAT[transform.format]
    const resizer = engine
      .sharp({ limitInputPixels: deps.settings.maxSourcePixels, failOn: 'error' })
      .rotate()
      .resize({
        ...(transform.width !== undefined && { width: transform.width }),
        ...(transform.height !== undefined && { height: transform.height }),
        fit: transform.fit,
        withoutEnlargement: true,
      })
      .toFormat(transform.format, { quality: transform.quality })
    const upload = deps.store.openUpload(id, record.filename, {
      mediaId: record._id,
      websiteId: record.websiteId,
      mimeType,
    })
    try {
      await pipeline(deps.store.openDownload(record._id), resizer, upload)
    } catch (error) {
      await deps.store.deleteFile(id).catch(() => undefined)
      throw ValidationError.single(
        '',
        `The image cannot be transformed: ${(error as Error).message}`,
      )
    }
    const stored = await deps.store.variant(id)
    if (!stored) throw new Error(`variant ${id} missing after upload`)
    return { ...stored, mimeType }
  }

  async function claimedOrWaited(
    record: MediaRecord,
    id: string,
    transform: Parameters<typeof make>[2],
  ): Promise<StoredVariant & { made: boolean }> {
    for (;;) {
      const stored = await deps.store.variant(id)
      if (stored) return { ...stored, made: false }
      if (await deps.store.claimVariant(id, deps.clock(), CLAIM_STALE_MS)) {
        try {
          // Made meanwhile by a claimant whose claim has just been released.
          const again = await deps.store.variant(id)
          if (again) return { ...again, made: false }
          // Chunks of a maker that died before its file was complete would collide with ours.
          await deps.store.deleteFile(id)
          return { ...(await make(record, id, transform)), made: true }
        } finally {
          await deps.store.releaseClaim(id)
        }
      }
      await sleep(WAIT_STEP_MS)
    }
  }

  return {
    /** The stored variant for the transform, made now when it is new (`made`). */
    async variantOf(
      record: MediaRecord,
      request: TransformRequest,
    ): Promise<StoredVariant & { made: boolean }> {
      if (!RASTER_IMAGE_TYPES.includes(record.mimeType))
        throw ValidationError.single(
          '',
          `Transforms apply to images; this file is ${record.mimeType}`,
        )
      const pixels = (record.width ?? 0) * (record.height ?? 0)
      if (pixels > deps.settings.maxSourcePixels)
        throw ValidationError.single(
          '',
          `The source image has ${pixels} pixels; transforms accept at most ${deps.settings.maxSourcePixels}`,
        )
      const { transform, key } = resolvedTransform(request, record.mimeType)
      const id = `${record._id}~${key}`
      const running = inFlight.get(id)
      if (running) return { ...(await running), made: false }
      const work = claimedOrWaited(record, id, transform)
      inFlight.set(id, work)
      try {
        return await work
      } finally {
        inFlight.delete(id)
      }
    },
  }
}

export type VariantMaker = ReturnType<typeof createVariantMaker>
