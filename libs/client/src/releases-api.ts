import { PUBLIC_OPERATIONS as API } from '@cms/contract'
import { operationCaller } from './operation-call.ts'
import type { CallOptions, Transport } from './transport.ts'
import type { Page } from './types/list.ts'
import type { PageQuery } from './types/query.ts'
import type { Release, ReleaseChange, ReleaseInput } from './types/release.ts'

/** `/api/releases`: sets of publishes and unpublishes applied together (docs/releases.md). */
export function releasesApi(transport: Transport) {
  const call = operationCaller(transport)
  return {
    list: (query?: PageQuery, options?: CallOptions) =>
      call<Page<Release>>(API.listReleases, { query, ...options }),
    create: (input: ReleaseInput, options?: CallOptions) =>
      call<Release>(API.createRelease, { json: input, ...options }),
    get: (id: string, options?: CallOptions) =>
      call<Release>(API.getRelease, { params: { id }, ...options }),
    update: (id: string, change: ReleaseChange, options?: CallOptions) =>
      call<Release>(API.updateRelease, { params: { id }, json: change, ...options }),
    delete: async (id: string, options?: CallOptions) => {
      await call(API.deleteRelease, { params: { id }, ...options })
    },
    /** All entries applied, or a 422 naming each failing entry with nothing changed. */
    publish: (id: string, options?: CallOptions) =>
      call<Release>(API.publishRelease, { params: { id }, ...options }),
    /** `at`: an ISO 8601 time in the future. */
    schedule: (id: string, at: string, options?: CallOptions) =>
      call<Release>(API.scheduleRelease, { params: { id }, json: { at }, ...options }),
    unschedule: (id: string, options?: CallOptions) =>
      call<Release>(API.unscheduleRelease, { params: { id }, ...options }),
  }
}

export type ReleasesApi = ReturnType<typeof releasesApi>
