import { Type } from '@sinclair/typebox'
import type { Document } from 'mongodb'
import {
  ContentCreateBody,
  MAX_RELEASE_ENTRIES,
  RELEASE_ACTIONS,
  RELEASE_STATES,
  StringEnum,
  Uuid,
} from '@cms/contract'
import { StoredDate, StoredRecord } from '@cms/website-data'

const KeyId = Type.String({ minLength: 1, maxLength: 200 })
const Text = Type.String({ maxLength: 2000 })

/**
 * A release as its export line holds it (docs/lifecycle.md, "Import"): the members `release.ts`
 * stores, without the work under way (`due`, `pendingEvent`), which an export leaves out.
 */
export const ReleaseRecord = StoredRecord({
  _id: Uuid,
  name: Type.String({ minLength: 1, maxLength: 200 }),
  state: StringEnum(RELEASE_STATES),
  entries: Type.Array(
    StoredRecord({
      documentId: Uuid,
      type: ContentCreateBody.properties.type,
      action: StringEnum(RELEASE_ACTIONS),
      version: Type.Optional(Type.Integer({ minimum: 1 })),
    }),
    { maxItems: MAX_RELEASE_ENTRIES },
  ),
  scheduledAt: Type.Optional(StoredDate),
  publishedAt: Type.Optional(StoredDate),
  error: Type.Optional(
    StoredRecord({
      code: Type.String({ maxLength: 100 }),
      message: Text,
      details: Type.Optional(
        Type.Array(StoredRecord({ path: Text, message: Text }), { maxItems: 1000 }),
      ),
    }),
  ),
  createdAt: StoredDate,
  updatedAt: StoredDate,
  createdBy: KeyId,
  publishedBy: Type.Optional(KeyId),
})

/** Work under way stays with the website it was exported from. */
export const releaseOnExport = ({ due: _due, pendingEvent: _event, ...record }: Document) => record

/** An imported scheduled release falls due at its time on the new website. */
export const releaseOnImport = (record: Document): Document =>
  record.state === 'scheduled' ? { ...record, due: record.scheduledAt } : record
