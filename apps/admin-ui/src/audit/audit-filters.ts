import type { AuditQuery } from '@cms/client'
import { utcInstantOf } from '../ui/format.ts'

export const ENTRIES_PER_PAGE = 20

/** What a view of the log carries in its hash: times as the form's `datetime-local` (UTC). */
export interface AuditFilters {
  actor: string
  action: string
  from: string
  to: string
  page: number
}

const TEXT_FILTERS = ['actor', 'action', 'from', 'to'] as const

export function readAuditFilters(query: URLSearchParams): AuditFilters {
  const page = Number(query.get('page'))
  return {
    actor: query.get('actor') ?? '',
    action: query.get('action') ?? '',
    from: query.get('from') ?? '',
    to: query.get('to') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  }
}

export function writeAuditFilters(filters: AuditFilters): URLSearchParams {
  const query = new URLSearchParams()
  for (const name of TEXT_FILTERS) if (filters[name]) query.set(name, filters[name])
  if (filters.page > 1) query.set('page', String(filters.page))
  return query
}

/** The API's query, newest first; the API judges the values (a bad time is its 422). */
export function auditQueryOf(filters: AuditFilters): AuditQuery {
  return {
    ...(filters.actor ? { actor: filters.actor } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.from ? { from: utcInstantOf(filters.from) } : {}),
    ...(filters.to ? { to: utcInstantOf(filters.to) } : {}),
    order: 'desc',
    page: String(filters.page),
    limit: String(ENTRIES_PER_PAGE),
  }
}
