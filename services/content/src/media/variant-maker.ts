import { pipeline } from 'node:stream/promises'
import { ConflictError, NotImplementedError, ValidationError } from '@cms/errors'
import type { MediaSettings } from './media-config.ts'
import type { MediaStore, StoredVariant } from './media-store.ts'
import { RASTER_IMAGE_TYPES } from './media-types.ts'
import type { MediaRecord } from './media-types.ts'
import type { ImageEngine } from './image-engine.ts'
import { MIME_OF_FORMAT, resolvedTransform } from './transform-params.ts'
import type { TransformFormat, TransformRequest } from './transform-params.ts'
import { transformBytes } from './transform-cost.ts'
import { createTransformGate } from './transform-gate.ts'

/** A claim older than this is a maker that died; another takes over. */
const CLAIM_STALE_MS = 30_000
const WAIT_STEP_MS = 100
/** libaom's speed: effort 1 encodes a 4 MP AVIF in seconds where the default 4 takes minutes. */
const AVIF_EFFORT = 1
const MIB = 1024 ** 2

export interface VariantMakerDeps {
  store: MediaStore
  images: ImageEngine
  settings: MediaSettings
  clock: () => Date
  sleep?: (ms: number) => Promise<void>
}

type Resolved = TransformRequest & { format: TransformFormat }

/** A transform's stored file: its id `<mediaId>~<key>` and the resolved request. */
export function variantFileOf(record: MediaRecord, request: TransformRequest) {
  const { transform, key } = resolvedTransform(request, record.mimeType)
  return { id: `${record._id}~${key}`, transform, mimeType: MIME_OF_FORMAT[transform.format] }
}

/**
 * Each distinct transform of a media file is made once and kept in GridFS as `<id>~<key>`.
 * Concurrent first requests in this process share one promise; across processes the insert of
 * a claim decides who makes it, and the others wait for the stored file (GridFS writes the
 * file document after the last chunk, so a file that is there is complete). Making one takes
 * a turn of the process's transform gate, weighed by its estimated memory.
 */
export function createVariantMaker(deps: VariantMakerDeps) {
  const limits = deps.settings.transforms
  const inFlight = new Map<string, Promise<StoredVariant>>()
  const sleep = deps.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)))
  const gate = createTransformGate({
    slots: limits.concurrency,
    budget: limits.memoryBytes,
    queue: limits.queue,
    waitMs: limits.waitMs,
  })

  async function make(record: MediaRecord, id: string, transform: Resolved) {
    const engine = await deps.images.state()
    if (!engine.available)
      throw new NotImplementedError(
        `Image transforms are not available in this process: ${engine.reason}; the original is served without parameters`,
      )
    const mimeType = MIME_OF_FORMAT[transform.format]
    const resizer = engine
      .sharp({ limitInputPixels: limits.maxPixels, sequentialRead: true, failOn: 'error' })
      .rotate()
      .resize({
        ...(transform.width !== undefined && { width: transform.width }),
        ...(transform.height !== undefined && { height: transform.height }),
        fit: transform.fit,
        withoutEnlargement: true,
      })
      .toFormat(transform.format, {
        quality: transform.quality,
        ...(transform.format === 'avif' && { effort: AVIF_EFFORT }),
      })
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
    // The website's media bytes (its quota) count its variants too.
    await deps.store.countVariant(record._id, stored.size)
    return { ...stored, mimeType }
  }

  /**
   * What a new variant must pass before it is made (a stored one is served whatever the
   * settings now say): the source's pixels, the estimated memory (returned, the turn's weight),
   * and room under the file's cap (409).
   */
  function costOfMaking(record: MediaRecord, transform: Resolved): number {
    const pixels = (record.width ?? 0) * (record.height ?? 0)
    if (pixels > limits.maxPixels)
      throw ValidationError.single(
        '',
        `The source image has ${pixels} pixels; transforms accept at most ${limits.maxPixels} (MEDIA_TRANSFORM_MAX_PIXELS)`,
      )
    // A file whose size is unknown (stored without an image engine) counts as the largest.
    const side = Math.ceil(Math.sqrt(limits.maxPixels))
    const cost = transformBytes({
      source:
        record.width && record.height
          ? { width: record.width, height: record.height }
          : { width: side, height: side },
      sourceMime: record.mimeType,
      transform,
    })
    if (cost > limits.memoryBytes)
      throw ValidationError.single(
        '',
        `This transform would take about ${Math.ceil(cost / MIB)} MiB to make, more than the ${Math.floor(limits.memoryBytes / MIB)} MiB allowed (MEDIA_TRANSFORM_MEMORY_BYTES); ask for a smaller size or another format`,
      )
    const count = record.variantCount ?? 0
    if (count >= limits.variantsPerAsset)
      throw new ConflictError(
        `Media ${record._id} has ${count} stored transforms, the most a file may have (MEDIA_MAX_VARIANTS_PER_ASSET); ask for one of those already made`,
      )
    return cost
  }

  async function claimedOrWaited(
    record: MediaRecord,
    id: string,
    transform: Resolved,
  ): Promise<StoredVariant & { made: boolean }> {
    for (;;) {
      const stored = await deps.store.variant(id)
      if (stored) return { ...stored, made: false }
      const cost = costOfMaking(record, transform)
      if (await deps.store.claimVariant(id, deps.clock(), CLAIM_STALE_MS)) {
        try {
          // Made meanwhile by a claimant whose claim has just been released.
          const again = await deps.store.variant(id)
          if (again) return { ...again, made: false }
          // Chunks of a maker that died before its file was complete would collide with ours.
          await deps.store.deleteFile(id)
          const made = await gate.run(cost, () => make(record, id, transform))
          return { ...made, made: true }
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
      const { id, transform } = variantFileOf(record, request)
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
