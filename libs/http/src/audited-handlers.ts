import { createHash } from 'node:crypto'
import type { Context, Next } from 'koa'
import type { AuditRecord, AuditTarget } from '@cms/audit'
import type { PublicOperationId } from '@cms/contract'
import { callerRecord } from './caller-record.ts'
import type { OperationHandlers } from './mount-operations.ts'
import { idOfKeyedCreate, writeKeyOf } from './write-key.ts'

/** What the audit log says of one operation a service serves (docs/audit.md). */
export interface AuditedChange {
  action: string
  target: (ctx: Context) => AuditTarget
  /** The members a settings change named (never values, never secrets). */
  changes?: (ctx: Context) => string[] | undefined
}

/** Where a service appends its entries (`createAuditLog` of `@cms/audit/store`). */
export interface AuditAppender {
  append(record: AuditRecord): Promise<unknown>
}

type AnyHandler = (ctx: Context, next: Next) => unknown

/**
 * The record of the change the call made. A call under an Idempotency-Key gets an id of that
 * request's own: the gateway gives a key up after a 5xx, so a retry that reaches the service
 * again (its change made, its entry perhaps not) appends the entry once.
 */
function recordOf(ctx: Context, audited: AuditedChange): AuditRecord {
  const record = callerRecord(ctx, {
    action: audited.action,
    target: audited.target(ctx),
    changes: audited.changes?.(ctx),
  })
  const writeKey = writeKeyOf(ctx, record.chain)
  if (writeKey === undefined) return record
  const id = idOfKeyedCreate(createHash('sha256').update(`audit ${writeKey}`).digest('hex'))
  return { ...record, id }
}

/**
 * The handlers with each change in `table` recorded: after the handler made the change and
 * before it is answered, its entry is appended, so no acknowledged change lacks one; a change
 * refused (an error thrown, a 4xx) leaves none.
 */
export function auditedHandlers<Id extends PublicOperationId>(
  handlers: OperationHandlers<Id>,
  log: AuditAppender,
  table: { readonly [K in Id]?: AuditedChange },
): OperationHandlers<Id> {
  const wrapped: Record<string, AnyHandler> = {
    ...(handlers as unknown as Record<string, AnyHandler>),
  }
  for (const [id, audited] of Object.entries(table) as [string, AuditedChange | undefined][]) {
    const handler = wrapped[id]
    if (!audited || !handler) continue
    wrapped[id] = async (ctx, next) => {
      await handler(ctx, next)
      if (ctx.status >= 400) return
      await log.append(recordOf(ctx, audited))
    }
  }
  return wrapped as unknown as OperationHandlers<Id>
}

/** The member names of the request's JSON body, sorted (the `changes` of most settings). */
export function bodyMembers(ctx: Context): string[] {
  const body: unknown = ctx.request.body
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body)
  return isObject ? Object.keys(body).sort() : []
}
