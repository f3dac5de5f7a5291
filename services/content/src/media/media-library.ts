import type { IncomingMessage } from 'node:http'
import type { MediaPatchBody } from '@cms/contract'
import { isDocumentId } from '@cms/content-model'
import { ConflictError, NotFoundError, ValidationError } from '@cms/errors'
import type { Caller } from '@cms/http'
import { DEFAULT_WEBSITE_QUOTAS, quotaExceeded } from '@cms/http'
import { pageEnvelope, parsePageRequest, skipOf } from '@cms/pagination'
import type { PageEnvelope } from '@cms/pagination'
import type { DocumentStore } from '../document/document-store.ts'
import type { MediaSettings } from './media-config.ts'
import { mediaListFilter } from './media-filters.ts'
import type { MediaStore } from './media-store.ts'
import { RASTER_IMAGE_TYPES, toApiMedia } from './media-types.ts'
import type { ApiMedia, MediaRecord } from './media-types.ts'
import type { ImageEngine } from './image-engine.ts'
import type { PendingBytes } from './pending-bytes.ts'
import type { MediaChanged } from './media-purges.ts'
import { sameUpload, uploadTarget } from './keyed-upload.ts'
import { receiveUpload } from './receive-upload.ts'
import { cleanFilename, storedFilename } from './file-name.ts'
import { referrerList } from '../domain/named-referrers.ts'
import { readableTypes } from '../domain/visible-types.ts'

/** How many referring document ids a refused delete names. */
const NAMED_REFERRERS = 10

export interface MediaLibraryDeps {
  media: MediaStore
  /** Marks around uploads and deletes, for the orphan sweep. */
  pending: PendingBytes
  images: ImageEngine
  documents: Pick<DocumentStore, 'page'>
  settings: MediaSettings
  clock: () => Date
  /** Announces each change to the CDN purgers (media-purges.ts). */
  changed?: MediaChanged
}

function notFound(id: string): NotFoundError {
  return new NotFoundError(`No media ${id}`)
}

/** The use cases of extensions C under /api/media. */
export function createMediaLibrary(deps: MediaLibraryDeps) {
  const { media, pending, images, settings, clock } = deps

  async function owned(caller: Caller, id: string): Promise<MediaRecord> {
    const record = isDocumentId(id) ? await media.byId(caller.websiteId, id) : undefined
    if (!record) throw notFound(id)
    return record
  }

  return {
    owned,

    /**
     * Past the website's `mediaBytes` quota: 409 naming limit and usage, nothing kept. Checked
     * before the bytes are read, once their size is known, and again after the record is written
     * (two uploads racing for the last bytes: the one past is removed). A retry of a keyed
     * upload that committed answers what it made (`keyed-upload.ts`).
     */
    async upload(
      caller: Caller,
      request: IncomingMessage,
      writeKey: string | undefined,
    ): Promise<ApiMedia> {
      const limit = (caller.quotas ?? DEFAULT_WEBSITE_QUOTAS).mediaBytes
      const held = await media.bytesOf(caller.websiteId)
      // The mark is taken away once the record is written or the bytes are removed; a process
      // killed in between leaves it for the orphan sweep.
      const { id, earlier } = await uploadTarget(
        { media, pending },
        { websiteId: caller.websiteId, writeKey, now: clock() },
      )
      try {
        if (held >= limit && !earlier) throw quotaExceeded('mediaBytes', limit, held)
        const received = await receiveUpload(request, {
          store: media,
          id,
          websiteId: caller.websiteId,
          maxBytes: settings.maxBytes,
          allowSvg: settings.allowSvg,
        })
        if (earlier && sameUpload(earlier, received)) {
          await media.deleteFile(id)
          await pending.clear(id).catch(() => undefined)
          return toApiMedia(earlier)
        }
        const { file, fields } = received
        if (held + file.size > limit) throw quotaExceeded('mediaBytes', limit, held + file.size)
        let dimensions: { width: number; height: number } | undefined
        if (RASTER_IMAGE_TYPES.includes(file.mimeType)) {
          dimensions = await images.dimensions(file.head)
          if (!dimensions && (await images.state()).available)
            throw ValidationError.single('file', `The ${file.mimeType} image cannot be read`)
          const pixels = (dimensions?.width ?? 0) * (dimensions?.height ?? 0)
          if (pixels > settings.maxSourcePixels)
            throw ValidationError.single(
              'file',
              `The image has ${pixels} pixels; uploads may have at most ${settings.maxSourcePixels} (MEDIA_MAX_SOURCE_PIXELS)`,
            )
        }
        const now = clock()
        const record: MediaRecord = {
          _id: id,
          websiteId: caller.websiteId,
          filename: file.filename,
          mimeType: file.mimeType,
          size: file.size,
          width: dimensions?.width ?? null,
          height: dimensions?.height ?? null,
          alt: fields.alt ?? null,
          caption: fields.caption ?? null,
          sha256: file.sha256,
          createdAt: now,
          updatedAt: now,
        }
        await media.insert(record)
        const after = await media.bytesOf(caller.websiteId)
        if (after > limit) {
          await media.removeRecord(id)
          throw quotaExceeded('mediaBytes', limit, after)
        }
        // The record is there: a mark left by a failure here is only taken away by the sweep.
        await pending.clear(id).catch(() => undefined)
        await deps.changed?.(caller.websiteId, id)
        return toApiMedia(record)
      } catch (error) {
        const removed = await media.deleteFile(id).then(
          () => true,
          () => false,
        )
        if (removed) await pending.clear(id).catch(() => undefined)
        throw error
      }
    },

    async list(caller: Caller, queryString: string): Promise<PageEnvelope<ApiMedia>> {
      const filter = mediaListFilter(caller.websiteId, queryString)
      const page = parsePageRequest(
        new URLSearchParams(
          [...new URLSearchParams(queryString)].filter(
            ([name]) => name === 'page' || name === 'limit',
          ),
        ).toString(),
      )
      const { docs, total } = await media.page({ filter, skip: skipOf(page), limit: page.limit })
      return pageEnvelope(docs.map(toApiMedia), total, page)
    },

    async get(caller: Caller, id: string): Promise<ApiMedia> {
      return toApiMedia(await owned(caller, id))
    },

    async patch(caller: Caller, id: string, body: MediaPatchBody): Promise<ApiMedia> {
      const changes = mediaPatchOf(body)
      const record = await owned(caller, id)
      if (changes.filename !== undefined)
        changes.filename = storedFilename(changes.filename, record.mimeType)
      const updated = await media.update(caller.websiteId, id, { ...changes, updatedAt: clock() })
      if (!updated) throw notFound(id)
      await deps.changed?.(caller.websiteId, id)
      return toApiMedia(updated)
    },

    /** 409 naming the documents whose `refs` hold the id (those the caller may read), unless `force`. */
    async remove(caller: Caller, id: string, force: boolean): Promise<void> {
      await owned(caller, id)
      if (!force) {
        const { docs } = await deps.documents.page({
          filter: { websiteId: caller.websiteId, refs: id },
          sort: [['_id', 1]],
          skip: 0,
          limit: NAMED_REFERRERS + 1,
          projection: { _id: 1, type: 1 },
          count: false,
        })
        if (docs.length > 0) {
          const named = referrerList(docs, readableTypes(caller), NAMED_REFERRERS)
          throw new ConflictError(
            `Media ${id} is used by documents${named}; delete with force=true to delete it anyway`,
          )
        }
      }
      // The record goes first, so the URL is 404 at once; the mark covers the bytes until gone.
      await pending.mark(id, clock())
      await media.removeRecord(id)
      await media.removeBytes(id)
      await pending.clear(id)
      await deps.changed?.(caller.websiteId, id)
    },
  }
}

export type MediaLibrary = ReturnType<typeof createMediaLibrary>

/**
 * PATCH takes `alt`, `caption` (a string or null) and `filename` (the schema, checked by the
 * route): a name, not a path, that keeps something once `cleanFilename` removed control and
 * direction characters. The patch then stores it as an upload would (`storedFilename`: the
 * file's own extension).
 */
export function mediaPatchOf(
  changes: MediaPatchBody,
): Partial<Pick<MediaRecord, 'alt' | 'caption' | 'filename'>> {
  const { filename } = changes
  if (filename !== undefined && (/[\\/]/.test(filename) || cleanFilename(filename, '') === ''))
    throw new ValidationError('Invalid media update', [
      {
        path: 'filename',
        message: 'must be a file name without slashes, and not only control characters or spaces',
      },
    ])
  return { ...changes }
}
