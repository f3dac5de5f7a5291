import type { Context } from 'koa'
import { bodyMembers } from '@cms/http'
import type { AuditedChange } from '@cms/http'

/** The file the call addresses, or the one an upload answered. */
const mediaTarget = (ctx: Context) => {
  const id = ctx.params?.id ?? (ctx.body as { id?: string } | undefined)?.id
  return { kind: 'media', ...(id !== undefined && { id }) }
}

/** A schedule is a change of its document: the document's activity lists it. */
const scheduledDocument = (ctx: Context) => ({ kind: 'document', id: ctx.params.id as string })

/**
 * The content service's changes that do not go through the version commit, appended before
 * their answer (docs/audit.md, "Content"); a keyed request's retry is the same entry.
 */
export const AUDITED_MEDIA = {
  uploadMedia: { action: 'media.upload', target: mediaTarget },
  updateMedia: { action: 'media.update', target: mediaTarget, changes: bodyMembers },
  deleteMedia: { action: 'media.delete', target: mediaTarget },
} satisfies Record<string, AuditedChange>

export const AUDITED_SCHEDULES = {
  createSchedule: { action: 'schedule.create', target: scheduledDocument },
  cancelSchedule: { action: 'schedule.cancel', target: scheduledDocument },
} satisfies Record<string, AuditedChange>
