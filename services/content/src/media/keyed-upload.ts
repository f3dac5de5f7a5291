import { randomUUID } from 'node:crypto'
import { idOfKeyedCreate, keyStillHeld } from '@cms/http'
import type { MediaStore } from './media-store.ts'
import type { MediaRecord } from './media-types.ts'
import type { PendingBytes } from './pending-bytes.ts'
import type { ReceivedUpload } from './receive-upload.ts'

/** Where an upload streams its bytes, and what an earlier attempt under its key made. */
export interface UploadTarget {
  /** The media id and GridFS file id, marked for the orphan sweep. */
  id: string
  /** A committed attempt of the same keyed request, answered again if the file is the same. */
  earlier?: MediaRecord
}

/**
 * Picks the id of an upload. A keyed upload's write key (website, key, method, path: the body
 * is a stream, compared once received) gives its id, claimed by inserting the sweep's mark, so
 * two attempts never stream into one GridFS file. An attempt clears its mark only after
 * writing its record, so once the claim is taken the record says whether an attempt committed;
 * a claim refused means one is running or died (its mark waits for the sweep). Either way the
 * bytes go under an id of their own; what another attempt made comes back as `earlier`.
 */
export async function uploadTarget(
  deps: { media: Pick<MediaStore, 'byId'>; pending: PendingBytes },
  request: { websiteId: string; writeKey: string | undefined; now: Date },
): Promise<UploadTarget> {
  const { media, pending } = deps
  const { websiteId, writeKey, now } = request
  const ownId = async (): Promise<string> => {
    const id = randomUUID()
    await pending.mark(id, now)
    return id
  }
  if (writeKey === undefined) return { id: await ownId() }
  const keyedId = idOfKeyedCreate(writeKey)
  const claimed = await pending.claim(keyedId, now)
  const found = await media.byId(websiteId, keyedId)
  const earlier = found && keyStillHeld(found.createdAt, now) ? found : undefined
  if (claimed && !found) return { id: keyedId }
  if (claimed) await pending.clear(keyedId, now)
  return { id: await ownId(), ...(earlier && { earlier }) }
}

/** Whether a retry sent what the earlier attempt stored: the same bytes, name and texts. */
export function sameUpload(earlier: MediaRecord, received: ReceivedUpload): boolean {
  const { file, fields } = received
  return (
    earlier.sha256 === file.sha256 &&
    earlier.filename === file.filename &&
    earlier.alt === (fields.alt ?? null) &&
    earlier.caption === (fields.caption ?? null)
  )
}
