import { env } from '@cms/config'

/** The media library's settings (docs/media.md); part of the content service's config. */
export const MEDIA_CONFIG_SPEC = {
  /** Largest upload in bytes (the gateway enforces the same limit while streaming). */
  MEDIA_MAX_BYTES: env.integer({ default: 50 * 1024 * 1024, min: 1024, max: 4 * 1024 ** 3 }),
  /** SVG may carry scripts: refused unless allowed, and then always served as an attachment. */
  MEDIA_ALLOW_SVG: env.boolean({ default: false }),
  /** Transforms refuse sources with more pixels than this (decompression bombs). */
  MEDIA_MAX_SOURCE_PIXELS: env.integer({ default: 40_000_000, min: 1, max: 1_000_000_000 }),
}

export interface MediaSettings {
  maxBytes: number
  allowSvg: boolean
  maxSourcePixels: number
}

export function mediaSettingsOf(config: {
  MEDIA_MAX_BYTES: number
  MEDIA_ALLOW_SVG: boolean
  MEDIA_MAX_SOURCE_PIXELS: number
}): MediaSettings {
  return {
    maxBytes: config.MEDIA_MAX_BYTES,
    allowSvg: config.MEDIA_ALLOW_SVG,
    maxSourcePixels: config.MEDIA_MAX_SOURCE_PIXELS,
  }
}
