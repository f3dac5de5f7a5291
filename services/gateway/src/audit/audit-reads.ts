import type { Context } from 'koa'
import { pageEnvelope, parsePageRequest, skipOf } from '@cms/pagination'
import type { PageEnvelope } from '@cms/pagination'
import { ValidationError } from '@cms/errors'
import type { AuditEntry } from '@cms/audit'
import type { AuditFilter, AuditStore } from '@cms/audit/store'

const TEXT_FILTERS = ['actor', 'action', 'targetKind', 'target'] as const
const TIME_FILTERS = ['from', 'to'] as const

/** A chain's entries as the query filters and orders them (`desc`, newest first, by default). */
export async function auditPage(
  store: AuditStore,
  chain: string,
  ctx: Context,
): Promise<PageEnvelope<AuditEntry>> {
  const query = new URLSearchParams(ctx.querystring)
  const request = parsePageRequest(ctx.querystring)
  const filter: AuditFilter = { chain }
  for (const name of TEXT_FILTERS) {
    const value = query.get(name)
    if (value) filter[name] = value
  }
  for (const name of TIME_FILTERS) {
    const value = query.get(name)
    if (value === null) continue
    const time = new Date(value)
    if (Number.isNaN(time.getTime()))
      throw ValidationError.single(name, 'must be a date-time (ISO 8601)')
    filter[name] = time.toISOString()
  }
  const order = query.get('order') ?? 'desc'
  if (order !== 'asc' && order !== 'desc')
    throw ValidationError.single('order', 'must be asc or desc')
  const { entries, total } = await store.page(filter, {
    order,
    skip: skipOf(request),
    limit: request.limit,
  })
  return pageEnvelope(entries, total, request)
}
