import type { Sharp, SharpOptions } from 'sharp'

type SharpFactory = (input?: Buffer | Uint8Array | SharpOptions, options?: SharpOptions) => Sharp

export type ImageEngine =
  { available: true; sharp: SharpFactory } | { available: false; reason: string }

let loading: Promise<ImageEngine> | undefined

/**
 * sharp, loaded once on first use. It is a native addon: where it cannot load (Deno without
 * Node-API support for it, a platform without a prebuilt libvips), uploads still work without
 * dimensions and transforms answer 501 with the reason.
 */
export function imageEngine(): Promise<ImageEngine> {
  loading ??= import('sharp').then(
    (module) => {
      const sharp = module.default
      // Each transform runs once and is stored: libvips' operation cache would only hold memory.
      sharp.cache(false)
      return { available: true as const, sharp: sharp as unknown as SharpFactory }
    },
    (error: unknown) => ({
      available: false as const,
      reason: error instanceof Error ? error.message.split('\n')[0]! : String(error),
    }),
  )
  return loading
}

/** Width and height from the first bytes of an image; undefined when they cannot be read. */
export async function imageDimensions(
  head: Uint8Array,
): Promise<{ width: number; height: number } | undefined> {
  const engine = await imageEngine()
  if (!engine.available) return undefined
  try {
    const meta = await engine.sharp(head, { failOn: 'none' }).metadata()
    if (!meta.width || !meta.height) return undefined
    // EXIF orientations 5-8 turn the image a quarter: the displayed size swaps the sides.
    const turned = (meta.orientation ?? 1) >= 5
    return turned
      ? { width: meta.height, height: meta.width }
      : { width: meta.width, height: meta.height }
  } catch {
    return undefined
  }
}
