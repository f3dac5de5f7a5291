import { BUILT_IN_ROLES, ENTRY_EVENTS } from '@cms/contract'
import type { EntryEventName } from '@cms/contract'
import { ServiceUnavailableError } from '@cms/errors'
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

/** The content service's `GET /internal/changes`, asked as the website's operator. */
export function createChangeLogClient(deps: {
  content: InternalClient
  operatorKeyId: string
}): ChangeLogReader {
  return {
    async read(websiteId, since, limit) {
      const caller = { websiteId, keyId: deps.operatorKeyId, permissions: BUILT_IN_ROLES.owner }
      const answer = await deps.content.get(
        caller,
        `/internal/changes?since=${since}&limit=${limit}`,
      )
      const body = answer.body as { entries?: unknown; head?: unknown } | undefined
      if (answer.status !== 200 || !Array.isArray(body?.entries) || !isSeq(body.head))
        throw new ServiceUnavailableError('The content service did not answer the change log')
      const entries = body.entries.map(entryOf)
      if (entries.some((entry) => entry === undefined))
        throw new ServiceUnavailableError('The content service answered a malformed change')
      return { entries, head: body.head } as ChangeLogPage
    },
  }
}
