import type {
  Release as ReleaseSchema,
  ReleaseCreateBody,
  ReleasePatchBody,
  ReleaseScheduleBody,
} from '@cms/contract'

/** A release as the API answers it (docs/releases.md). */
export type Release = ReleaseSchema
export type ReleaseState = Release['state']
export type ReleaseInput = ReleaseCreateBody
export type ReleaseChange = ReleasePatchBody
export type ReleaseScheduleInput = ReleaseScheduleBody
