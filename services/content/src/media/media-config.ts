import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { env } from '@cms/config'
import type { EnvParser } from '@cms/config'
import { IMAGE_ENGINE_KINDS } from './image-engine.ts'
import type { ImageEngineKind } from './image-engine.ts'
import { MAX_TRANSFORM_SIDE } from './transform-params.ts'

/** The widths and heights a transform may ask for: a few per screen class, shared by caches. */
export const DEFAULT_TRANSFORM_SIZES = [
  16, 32, 48, 64, 96, 128, 160, 200, 240, 320, 400, 480, 640, 800, 960, 1080, 1280, 1600, 1920,
  2560, 3840,
] as const

/** A comma-separated list of sides, each 1..MAX_TRANSFORM_SIDE, sorted and without repeats. */
function sizeList(defaults: readonly number[]): EnvParser<readonly number[]> {
  return (raw, name) => {
    if (raw === undefined || raw.trim() === '') return defaults
    const sizes = raw.split(',').map((part) => part.trim())
    const bad = sizes.filter(
      (size) => !/^\d{1,4}$/.test(size) || Number(size) < 1 || Number(size) > MAX_TRANSFORM_SIDE,
    )
    if (bad.length > 0)
      throw new TypeError(
        `${name} must list integers from 1 to ${MAX_TRANSFORM_SIDE}, separated by commas (not ${bad.join(', ')})`,
      )
    return [...new Set(sizes.map(Number))].sort((a, b) => a - b)
  }
}

/** The media library's settings (docs/media.md); part of the content service's config. */
export const MEDIA_CONFIG_SPEC = {
  /** Largest upload in bytes (the gateway enforces the same limit while streaming). */
  MEDIA_MAX_BYTES: env.integer({ default: 50 * 1024 * 1024, min: 1024, max: 4 * 1024 ** 3 }),
  /** SVG may carry scripts: refused unless allowed, and then always served as an attachment. */
  MEDIA_ALLOW_SVG: env.boolean({ default: false }),
  /** Image uploads with more pixels than this are refused. */
  MEDIA_MAX_SOURCE_PIXELS: env.integer({ default: 40_000_000, min: 1, max: 1_000_000_000 }),
  /** Transforms refuse sources with more pixels than this (what one decode may hold). */
  MEDIA_TRANSFORM_MAX_PIXELS: env.integer({ default: 12_000_000, min: 1, max: 1_000_000_000 }),
  /** Estimated libvips memory of the transforms one process runs together (transform-cost.ts). */
  MEDIA_TRANSFORM_MEMORY_BYTES: env.integer({
    default: 160 * 1024 ** 2,
    min: 16 * 1024 ** 2,
    max: 64 * 1024 ** 3,
  }),
  /** Transforms one process runs at once, within the memory above. */
  MEDIA_TRANSFORM_CONCURRENCY: env.integer({ default: 2, min: 1, max: 64 }),
  /** Transforms that may wait for a turn; one more is 503 at once. */
  MEDIA_TRANSFORM_QUEUE: env.integer({ default: 16, min: 0, max: 10_000 }),
  /** How long a transform waits for a turn before it is 503 (below the gateway's time-out). */
  MEDIA_TRANSFORM_WAIT_MS: env.integer({ default: 10_000, min: 0, max: 300_000 }),
  /** The only values `w` and `h` may take. */
  MEDIA_TRANSFORM_SIZES: sizeList(DEFAULT_TRANSFORM_SIZES),
  /** Stored transforms per media file; a new one past it is 409. */
  MEDIA_MAX_VARIANTS_PER_ASSET: env.integer({ default: 24, min: 0, max: 10_000 }),
  /** `none`: no sharp in this process (uploads without dimensions, transforms 501). */
  MEDIA_IMAGE_ENGINE: env.oneOf(IMAGE_ENGINE_KINDS, { default: 'sharp' }),
  /** How often a content writer looks for GridFS bytes a dead upload or delete left behind. */
  MEDIA_SWEEP_EVERY_MS: env.integer({ default: 5 * 60_000, min: 100, max: 24 * 3_600_000 }),
  /** Bytes without a media record are removed once their upload has been still this long. */
  MEDIA_ORPHAN_AFTER_MS: env.integer({ default: 15 * 60_000, min: 1000, max: 7 * 86_400_000 }),
  /** Disk for repeat asset reads (asset-cache.ts), in MiB; 0 serves every read from GridFS. */
  MEDIA_CACHE_MB: env.integer({ default: 256, min: 0, max: 1024 * 1024 }),
  /** Where each process keeps its asset cache, in a folder of its own emptied at start. */
  MEDIA_CACHE_DIR: env.string({ default: join(tmpdir(), 'cms-media-cache') }),
}

export interface TransformLimits {
  maxPixels: number
  memoryBytes: number
  concurrency: number
  queue: number
  waitMs: number
  sizes: readonly number[]
  variantsPerAsset: number
}

export interface MediaSettings {
  maxBytes: number
  allowSvg: boolean
  maxSourcePixels: number
  transforms: TransformLimits
  imageEngine: ImageEngineKind
  sweepEveryMs: number
  orphanAfterMs: number
  cache: { maxBytes: number; dir: string }
}

export function mediaSettingsOf(config: {
  MEDIA_MAX_BYTES: number
  MEDIA_ALLOW_SVG: boolean
  MEDIA_MAX_SOURCE_PIXELS: number
  MEDIA_TRANSFORM_MAX_PIXELS: number
  MEDIA_TRANSFORM_MEMORY_BYTES: number
  MEDIA_TRANSFORM_CONCURRENCY: number
  MEDIA_TRANSFORM_QUEUE: number
  MEDIA_TRANSFORM_WAIT_MS: number
  MEDIA_TRANSFORM_SIZES: readonly number[]
  MEDIA_MAX_VARIANTS_PER_ASSET: number
  MEDIA_IMAGE_ENGINE: ImageEngineKind
  MEDIA_SWEEP_EVERY_MS: number
  MEDIA_ORPHAN_AFTER_MS: number
  MEDIA_CACHE_MB: number
  MEDIA_CACHE_DIR: string
}): MediaSettings {
  return {
    maxBytes: config.MEDIA_MAX_BYTES,
    allowSvg: config.MEDIA_ALLOW_SVG,
    maxSourcePixels: config.MEDIA_MAX_SOURCE_PIXELS,
    transforms: {
      maxPixels: config.MEDIA_TRANSFORM_MAX_PIXELS,
      memoryBytes: config.MEDIA_TRANSFORM_MEMORY_BYTES,
      concurrency: config.MEDIA_TRANSFORM_CONCURRENCY,
      queue: config.MEDIA_TRANSFORM_QUEUE,
      waitMs: config.MEDIA_TRANSFORM_WAIT_MS,
      sizes: config.MEDIA_TRANSFORM_SIZES,
      variantsPerAsset: config.MEDIA_MAX_VARIANTS_PER_ASSET,
    },
    imageEngine: config.MEDIA_IMAGE_ENGINE,
    sweepEveryMs: config.MEDIA_SWEEP_EVERY_MS,
    orphanAfterMs: config.MEDIA_ORPHAN_AFTER_MS,
    cache: { maxBytes: config.MEDIA_CACHE_MB * 1024 ** 2, dir: config.MEDIA_CACHE_DIR },
  }
}
