import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, unlink } from 'node:fs'
import { join } from 'node:path'
import { pipeline } from 'node:stream'
import type { Readable } from 'node:stream'
import { LRUCache } from 'lru-cache'
import { cacheFill } from './cache-fill.ts'
import { freshCacheDir } from './asset-cache-dir.ts'

export interface ByteRange {
  start: number
  end: number
}

/** An asset file's bytes, whole or a range, by file id. */
export interface AssetBytes {
  /** The size of a file held locally, undefined when it is not. */
  sizeOf(fileId: string): number | undefined
  open(fileId: string, size: number, range?: ByteRange): Readable
}

/** Where a file's bytes come from when the cache does not hold them (GridFS). */
export type OpenStored = (fileId: string, range?: ByteRange) => Readable

/** Files larger than this share of the bound are never cached, so one cannot empty it. */
const LARGEST_SHARE = 10

/**
 * Repeat asset reads from local disk: GridFS files never change (a file id is never reused, a
 * transform is a file of its own), so a copy keyed by file id needs no invalidation. The
 * first whole read of a file streams to its client and into the cache at once; later reads,
 * whole or ranged, open the copy. Least recently read out first, within `maxBytes` of disk
 * (`lru-cache`'s `maxSize`, whose `dispose` removes the file). The index holds one small
 * entry per cached file; concurrent first reads of one file fill it once (the others stream
 * from GridFS as before).
 */
export function createAssetCache(options: {
  root: string
  maxBytes: number
  openStored: OpenStored
}): AssetBytes {
  const { openStored } = options
  const dir = freshCacheDir(options.root)
  const largest = Math.floor(options.maxBytes / LARGEST_SHARE)
  const index = new LRUCache<string, { path: string; size: number }>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.size),
    dispose: (entry) => unlink(entry.path, () => undefined),
  })
  const filling = new Set<string>()
  const pathOf = (fileId: string) =>
    join(dir, createHash('sha256').update(fileId).digest('hex').slice(0, 40))

  function fill(fileId: string, size: number, source: Readable): Readable {
    filling.add(fileId)
    const path = pathOf(fileId)
    const tee = cacheFill({
      partPath: `${path}.${randomUUID()}.part`,
      path,
      size,
      done: () => {
        filling.delete(fileId)
        index.set(fileId, { path, size })
      },
      failed: () => filling.delete(fileId),
    })
    // Errors reach the client through `tee` (destroyed with them).
    return pipeline(source, tee, () => undefined)
  }

  return {
    sizeOf(fileId: string): number | undefined {
      return index.get(fileId)?.size
    },

    /** The bytes of a file of `size` (or of `range`): from the copy, or from the store. */
    open(fileId: string, size: number, range?: ByteRange): Readable {
      const cached = index.get(fileId)
      if (cached) {
        const stream = createReadStream(
          cached.path,
          range ? { start: range.start, end: range.end - 1 } : {},
        )
        // A copy removed behind the process's back is forgotten; the next read refills it.
        stream.once('error', () => index.delete(fileId))
        return stream
      }
      if (range || size > largest || filling.has(fileId)) return openStored(fileId, range)
      return fill(fileId, size, openStored(fileId))
    },
  }
}

/** With no cache (`MEDIA_CACHE_MB=0`): every read from the store. */
export function uncachedAssets(openStored: OpenStored): AssetBytes {
  return { sizeOf: () => undefined, open: (fileId, _size, range) => openStored(fileId, range) }
}
