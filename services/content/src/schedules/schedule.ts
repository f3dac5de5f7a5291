import { SCHEDULE_ACTIONS } from '@cms/contract'

/** What a schedule does when its time comes (the closed set lives with the request schema). */
export { SCHEDULE_ACTIONS }
export type ScheduleAction = (typeof SCHEDULE_ACTIONS)[number]

/**
 * A pending schedule, one per document and action (`_id` = `<documentId>:<action>`): a new one
 * replaces it under a new `scheduleId`, which is what the API calls its id.
 */
export interface StoredSchedule {
  _id: string
  scheduleId: string
  websiteId: string
  documentId: string
  action: ScheduleAction
  at: Date
  createdAt: Date
  /** The key that scheduled it; the change is made in its name. */
  createdBy: string
}

export interface ApiSchedule {
  id: string
  documentId: string
  action: ScheduleAction
  at: string
  createdAt: string
}

export const toApiSchedule = (schedule: StoredSchedule): ApiSchedule => ({
  id: schedule.scheduleId,
  documentId: schedule.documentId,
  action: schedule.action,
  at: schedule.at.toISOString(),
  createdAt: schedule.createdAt.toISOString(),
})

/** The document member that shows a pending schedule of `action`. */
export const SCHEDULE_MEMBER = {
  publish: 'publishAt',
  unpublish: 'unpublishAt',
} as const satisfies Record<ScheduleAction, string>
