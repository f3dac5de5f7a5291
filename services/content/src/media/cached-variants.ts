import type { AssetBytes } from './asset-cache.ts'
import { RASTER_IMAGE_TYPES } from './media-types.ts'
import { variantFileOf } from './variant-maker.ts'
import type { VariantMaker } from './variant-maker.ts'

/**
 * A transform held in the asset cache is served without asking GridFS whether it is stored:
 * it was, and stored files never change. Others go to the maker.
 */
export function cachedVariants(variants: VariantMaker, bytes: AssetBytes): VariantMaker {
  return {
    async variantOf(record, request) {
      if (RASTER_IMAGE_TYPES.includes(record.mimeType)) {
        const file = variantFileOf(record, request)
        const size = bytes.sizeOf(file.id)
        if (size !== undefined) return { id: file.id, size, mimeType: file.mimeType, made: false }
      }
      return variants.variantOf(record, request)
    },
  }
}
