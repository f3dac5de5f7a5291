import { createHash } from 'node:crypto'
import type { Binary, Db } from 'mongodb'
import { AppError, ValidationError } from '@cms/errors'
import type { ImportHooks, ImportedRecord } from '@cms/website-data'
import { createImageEngine } from '../media/image-engine.ts'
import type { ImageEngine } from '../media/image-engine.ts'
import { mediaSettingsOf } from '../media/media-config.ts'
import { RASTER_IMAGE_TYPES } from '../media/media-types.ts'
import { HEAD_BYTES, sniffMimeType } from '../media/sniff.ts'

/** What an imported file's bytes say of it. */
interface FileFacts {
  size: number
  sha256: string
  mimeType: string
  width: number | null
  height: number | null
}

const refused = (file: ImportedRecord, message: string) =>
  ValidationError.single(`line ${file.line}`, `fs.files ${String(file.id)}: ${message}`)

/**
 * The last step of a content import (docs/lifecycle.md, "Import"): every imported file's size,
 * SHA-256, type and dimensions are worked out from its GridFS chunks, as an upload does, and
 * written over what its `fs.files` and `media` records said; the media-bytes quota then counts
 * the real bytes. Chunks must be the file's `0..n-1`, each of its chunk size but the last.
 */
export function mediaImportFinish(deps: {
  db: Db
  images: Pick<ImageEngine, 'dimensions' | 'state'>
  allowSvg: boolean
}): NonNullable<ImportHooks['finish']> {
  const files = deps.db.collection<{ _id: string; chunkSize: number }>('fs.files')
  const chunks = deps.db.collection<{ files_id: string; n: number; data: Binary }>('fs.chunks')
  const media = deps.db.collection<{ _id: string; websiteId: string }>('media')

  async function factsOf(file: ImportedRecord): Promise<FileFacts> {
    const id = String(file.id)
    const stored = await files.findOne({ _id: id }, { projection: { chunkSize: 1 } })
    if (!stored) throw refused(file, 'the file is gone')
    const hash = createHash('sha256')
    const head: Buffer[] = []
    let headBytes = 0
    let size = 0
    let expected = 0
    let short = false
    const cursor = chunks.find({ files_id: id }).sort({ files_id: 1, n: 1 }).batchSize(16)
    for await (const chunk of cursor) {
      const bytes = Buffer.from(chunk.data.buffer)
      if (chunk.n !== expected) throw refused(file, `chunk ${expected} is missing`)
      if (short || bytes.length === 0 || bytes.length > stored.chunkSize)
        throw refused(file, `chunk ${chunk.n} is not of the file's chunk size`)
      short = bytes.length < stored.chunkSize
      expected++
      size += bytes.length
      hash.update(bytes)
      if (headBytes < HEAD_BYTES) {
        head.push(bytes)
        headBytes += bytes.length
      }
    }
    if (size === 0) throw refused(file, 'the file has no bytes')
    const first = Buffer.concat(head).subarray(0, HEAD_BYTES)
    let mimeType: string
    try {
      mimeType = await sniffMimeType(first, { allowSvg: deps.allowSvg })
    } catch (error) {
      if (error instanceof AppError) throw refused(file, error.message)
      throw error
    }
    let dimensions: { width: number; height: number } | undefined
    if (RASTER_IMAGE_TYPES.includes(mimeType)) {
      dimensions = await deps.images.dimensions(first)
      if (!dimensions && (await deps.images.state()).available)
        throw refused(file, `the ${mimeType} image cannot be read`)
    }
    return {
      size,
      sha256: hash.digest('hex'),
      mimeType,
      width: dimensions?.width ?? null,
      height: dimensions?.height ?? null,
    }
  }

  return async ({ websiteId, imported }) => {
    for (const file of imported.get('fs.files') ?? []) {
      const facts = await factsOf(file)
      const id = String(file.id)
      await files.updateOne(
        { _id: id },
        { $set: { length: facts.size, 'metadata.mimeType': facts.mimeType } },
      )
      await media.updateOne({ _id: id, websiteId }, { $set: facts })
    }
  }
}

/** The content service's import hooks, from its media settings. */
export function contentImportHooks(
  db: Db,
  config: Parameters<typeof mediaSettingsOf>[0],
): ImportHooks {
  const settings = mediaSettingsOf(config)
  const images = createImageEngine({ kind: settings.imageEngine })
  return { finish: mediaImportFinish({ db, images, allowSvg: settings.allowSvg }) }
}
