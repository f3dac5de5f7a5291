import { env } from '@cms/config'
import { IMAGE_ENGINE_KINDS } from './image-engine.ts'
import type { ImageEngineKind } from './image-engine.ts'

/** The media library's settings (docs/media.md); part of the content service's config. */
export const MEDIA_CONFIG_SPEC = {
  /** Largest upload in bytes (the gateway enforces the same limit while streaming). */
  MEDIA_MAX_BYTES: env.integer({ default: 50 * 1024 * 1024, min: 1024, max: 4 * 1024 ** 3 }),
  /** SVG may carry scripts: refused unless allowed, and then always served as an attachment. */
  MEDIA_ALLOW_SVG: env.boolean({ default: false }),
  /** Transforms refuse sources with more pixels than this (decompression bombs). */
  MEDIA_MAX_SOURCE_PIXELS: env.integer({ default: 40_000_000, min: 1, max: 1_000_000_000 }),
  /** `none`: no sharp in this process (uploads without dimensions, transforms 501). */
  MEDIA_IMAGE_ENGINE: env.oneOf(IMAGE_ENGINE_KINDS, { default: 'sharp' }),
  /** How often a content writer looks for GridFS bytes a dead upload or delete left behind. */
  MEDIA_SWEEP_EVERY_MS: env.integer({ default: 5 * 60_000, min: 100, max: 24 * 3_600_000 }),
  /** Bytes without a media record are removed once their upload has been still this long. */
  MEDIA_ORPHAN_AFTER_MS: env.integer({ default: 15 * 60_000, min: 1000, max: 7 * 86_400_000 }),
}

export interface MediaSettings {
  maxBytes: number
  allowSvg: boolean
  maxSourcePixels: number
  imageEngine: ImageEngineKind
  sweepEveryMs: number
  orphanAfterMs: number
}

export function mediaSettingsOf(config: {
  MEDIA_MAX_BYTES: number
  MEDIA_ALLOW_SVG: boolean
  MEDIA_MAX_SOURCE_PIXELS: number
  MEDIA_IMAGE_ENGINE: ImageEngineKind
  MEDIA_SWEEP_EVERY_MS: number
  MEDIA_ORPHAN_AFTER_MS: number
}): MediaSettings {
  return {
    maxBytes: config.MEDIA_MAX_BYTES,
    allowSvg: config.MEDIA_ALLOW_SVG,
    maxSourcePixels: config.MEDIA_MAX_SOURCE_PIXELS,
    imageEngine: config.MEDIA_IMAGE_ENGINE,
    sweepEveryMs: config.MEDIA_SWEEP_EVERY_MS,
    orphanAfterMs: config.MEDIA_ORPHAN_AFTER_MS,
  }
}
