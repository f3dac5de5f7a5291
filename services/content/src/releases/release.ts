import type { Release, ReleaseEntryInput } from '@cms/contract'
import type { ErrorDetail } from '@cms/errors'
import type { ReleaseEventMessage } from '@cms/events'

export type ReleaseState = Release['state']
export type ReleaseAction = ReleaseEntryInput['action']

/** One change a release makes: the document's type is recorded when the entry is added. */
export interface StoredReleaseEntry {
  documentId: string
  type: string
  action: ReleaseAction
  version?: number
}

/** A release as stored in `releases` (`_id` = its id). */
export interface StoredRelease {
  _id: string
  websiteId: string
  name: string
  state: ReleaseState
  entries: StoredReleaseEntry[]
  scheduledAt?: Date
  publishedAt?: Date
  error?: { code: string; message: string; details?: ErrorDetail[] }
  createdAt: Date
  updatedAt: Date
  /** The key that created it. */
  createdBy: string
  /** The key that asked for the publish (now or at `scheduledAt`); the changes are made in its name. */
  publishedBy?: string
  /**
   * When an instance must look at it: the schedule's time, or the start of an apply that has
   * not finished or whose event is unsent; absent when nothing is left to do.
   */
  due?: Date
  /**
   * Its `release.publish` event, built when the last entry was applied and unsent while it is
   * here: the release is its own outbox (docs/releases.md).
   */
  pendingEvent?: ReleaseEventMessage
}

export const toApiRelease = (release: StoredRelease): Release => ({
  id: release._id,
  name: release.name,
  state: release.state,
  entries: release.entries.map((entry) => ({
    documentId: entry.documentId,
    type: entry.type,
    action: entry.action,
    ...(entry.version === undefined ? {} : { version: entry.version }),
  })),
  ...(release.scheduledAt && { scheduledAt: release.scheduledAt.toISOString() }),
  ...(release.publishedAt && { publishedAt: release.publishedAt.toISOString() }),
  ...(release.error && { error: release.error }),
  createdAt: release.createdAt.toISOString(),
  updatedAt: release.updatedAt.toISOString(),
})

/** The write key of the changes a release makes: a resumed apply recognizes what it did. */
export const releaseWriteKey = (releaseId: string, step: 'restore' | 'apply'): string =>
  `release:${releaseId}:${step}`

/** A release's entries and schedule may change only before it is being published. */
export const EDITABLE_STATES: readonly ReleaseState[] = ['open', 'scheduled', 'failed']
