import type { Sharp, SharpOptions } from 'sharp'

type SharpFactory = (input?: Buffer | Uint8Array | SharpOptions, options?: SharpOptions) => Sharp

export type EngineState =
  { available: true; sharp: SharpFactory } | { available: false; reason: string }

/** `sharp` loads sharp; `none` runs without an image engine (`MEDIA_IMAGE_ENGINE`). */
export const IMAGE_ENGINE_KINDS = ['sharp', 'none'] as const
export type ImageEngineKind = (typeof IMAGE_ENGINE_KINDS)[number]

/** What loading sharp yields: the module's default export. */
export type SharpLoader = () => Promise<{ default: unknown }>

export interface ImageEngine {
  /** sharp, loaded once on first use, or why it is not there. */
  state(): Promise<EngineState>
  /** Width and height from the first bytes of an image; undefined when they cannot be read. */
  dimensions(head: Uint8Array): Promise<{ width: number; height: number } | undefined>
}

const firstLine = (error: unknown): string =>
  error instanceof Error ? error.message.split('\n')[0]! : String(error)

/**
 * The image engine of one process. sharp is a native addon: where it cannot load (a runtime
 * without Node-API support for it, a platform without a prebuilt libvips), or where the operator
 * turns it off, uploads still work without dimensions and transforms answer 501 with the reason.
 * `load` is the seam that imports sharp.
 */
export function createImageEngine(
  options: { kind?: ImageEngineKind; load?: SharpLoader } = {},
): ImageEngine {
  const load: SharpLoader = options.load ?? (() => import('sharp'))
  let loading: Promise<EngineState> | undefined

  const state = (): Promise<EngineState> => {
    loading ??=
      options.kind === 'none'
        ? Promise.resolve({
            available: false as const,
            reason: 'the image engine is turned off (MEDIA_IMAGE_ENGINE=none)',
          })
        : load()
            .then((module) => {
              const sharp = module.default as SharpFactory & {
                cache(on: boolean): unknown
                concurrency(threads: number): unknown
              }
              if (typeof sharp !== 'function') throw new Error('sharp has no default export')
              // Each transform is made once and stored: libvips' cache would only hold memory.
              sharp.cache(false)
              // One libvips thread per image: each thread holds its own buffers of the image,
              // and the transform gate (transform-gate.ts) decides how many images run at once.
              sharp.concurrency(1)
              return { available: true as const, sharp }
            })
            .catch((error: unknown) => ({
              available: false as const,
              reason: `sharp could not be loaded (${firstLine(error)})`,
            }))
    return loading
  }

  return {
    state,
    async dimensions(head) {
      const engine = await state()
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
    },
  }
}
