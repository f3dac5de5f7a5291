import type { TransformFormat, TransformRequest } from './transform-params.ts'

/**
 * What libvips holds per source pixel at most, measured with sharp 0.35 on Node 20
 * (docs/media.md, "Memory"): an interlaced PNG (or an AVIF) of 16 bits a channel with alpha is
 * decoded whole, 8 bytes a pixel and its buffers around it; a progressive JPEG 3 or 4.
 */
const SOURCE_BYTES_PER_PIXEL: Readonly<Record<string, number>> = {
  'image/jpeg': 5,
  'image/png': 11,
  'image/avif': 11,
  'image/webp': 5,
  'image/gif': 5,
}

/**
 * What an encoder holds per output pixel, measured alike: AVIF's encoder (libaom) about 38
 * bytes whatever its effort, WebP about 14.
 */
const OUTPUT_BYTES_PER_PIXEL: Readonly<Record<TransformFormat, number>> = {
  avif: 40,
  webp: 16,
  png: 8,
  jpeg: 6,
}

type Size = { width: number; height: number }

/** The largest the output can be: never enlarged, one side given keeps the aspect ratio. */
export function outputSizeOf(source: Size, transform: TransformRequest): Size {
  const { width, height } = transform
  if (width !== undefined && height !== undefined) return { width, height }
  if (width !== undefined) {
    const scale = Math.min(1, width / source.width)
    return { width: Math.min(width, source.width), height: Math.ceil(source.height * scale) }
  }
  if (height !== undefined) {
    const scale = Math.min(1, height / source.height)
    return { width: Math.ceil(source.width * scale), height: Math.min(height, source.height) }
  }
  return source
}

/** An upper estimate of the memory one transform takes in libvips, in bytes. */
export function transformBytes(input: {
  source: Size
  sourceMime: string
  transform: TransformRequest & { format: TransformFormat }
}): number {
  const { source, sourceMime, transform } = input
  const output = outputSizeOf(source, transform)
  return (
    source.width * source.height * (SOURCE_BYTES_PER_PIXEL[sourceMime] ?? 11) +
    output.width * output.height * OUTPUT_BYTES_PER_PIXEL[transform.format]
  )
}
