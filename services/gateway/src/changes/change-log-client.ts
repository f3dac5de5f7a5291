import { BUILT_IN_ROLES, ENTRY_EVENTS } from '@cms/contract'
import type { EntryEventName } from '@cms/contract'
import { GoneError, ServiceUnavailableError } from '@cms/errors'
import type { InternalClient } from '@cms/http'
import type { ChangeEntry, ChangeLogPage, ChangeLogReader } from './change-entry.ts'

const isSeq = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0

function entryOf(raw: unknown): ChangeEntry | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined
  const given = raw as Record<string, unknown>
  const { seq, documentId, type, event } = given
  if (!isSeq(seq) || typeof documentId !== 'string' || typeof type !== 'string') return undefined
  if (!ENTRY_EVENTS.includes(event as EntryEventName)) return undefined
  return {
    seq,
    documentId,
    type,
    event: event as EntryEventName,
    ...(given.deleted === true && { deleted: true }),
    ...(typeof given.published === 'boolean' && { published: given.published }),
  }
}

function pageOf(body: unknown): ChangeLogPage {
  const given = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const entries = Array.isArray(given.entries) ? given.entries.map(entryOf) : [undefined]
  if (!isSeq(given.head) || !isSeq(given.through) || entries.some((entry) => !entry))
    throw new ServiceUnavailableError('The content service answered a malformed change log')
  return { entries: entries as ChangeEntry[], head: given.head, through: given.through }
}

const unavailable = () => new ServiceUnavailableError('The content service is unavailable')

/**
 * The content service's `GET /internal/changes`, asked as the website's operator. Its 410 (the
 * position was swept away) is the caller's to hear, so the answer is read whatever its status.
 */
export function createChangeLogClient(deps: {
  content: InternalClient
  operatorKeyId: string
}): ChangeLogReader {
  return {
    async read(websiteId, since, limit) {
      const caller = { websiteId, keyId: deps.operatorKeyId, permissions: BUILT_IN_ROLES.owner }
      const response = await deps.content.stream(caller, {
        method: 'GET',
        path: `/internal/changes?since=${since}&limit=${limit}`,
      })
      const body: unknown = await response.json().catch(() => undefined)
      if (response.status === 200) return pageOf(body)
      if (response.status === 410)
        throw new GoneError(
          `The change log no longer holds the changes after ${since}: sync from scratch (GET /api/sync?initial=true) and open the stream without a position`,
        )
      throw unavailable()
    },
  }
}
