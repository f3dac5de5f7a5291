import { createHash } from 'node:crypto'
import type { Context, Next } from 'koa'
import type { AuditRecord, AuditTarget } from '@cms/audit'
import type { PublicOperationId } from '@cms/contract'
import { callerRecord } from './caller-record.ts'
import type { OperationHandlers } from './mount-operations.ts'
import { idOfKeyedCreate, writeKeyOf } from './write-key.ts'

/** What the audit log says of one operation (docs/audit.md). */
export interface AuditedChange {
  action: string
  target: (ctx: Context) => AuditTarget
  /** The members a settings change named (never values, never secrets). */
  changes?: (ctx: Context) => string[] | undefined
  /** `also`: a refusal is an entry too; `only`: only refusals are (another step records success). */
  failures?: 'also' | 'only'
}

/** The record of an audited change as the server making it builds it. */
export type RecordOf = (
  ctx: Context,
  audited: AuditedChange,
  outcome: AuditRecord['outcome'],
) => AuditRecord

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
const serviceRecordOf: RecordOf = (ctx, audited, outcome) => {
  const record = callerRecord(ctx, {
    action: audited.action,
    target: audited.target(ctx),
    changes: audited.changes?.(ctx),
    outcome,
  })
  const writeKey = writeKeyOf(ctx, record.chain)
  if (writeKey === undefined) return record
  const id = idOfKeyedCreate(createHash('sha256').update(`audit ${writeKey}`).digest('hex'))
  return { ...record, id }
}

/**
 * `step` with its change recorded: after it made the change and before the change is answered,
 * the entry is appended, so no acknowledged change lacks one; a refusal (an error thrown, a 4xx)
 * leaves none unless the change says `failures`.
 */
export function audited(
  step: AnyHandler,
  change: AuditedChange,
  log: AuditAppender,
  recordOf: RecordOf = serviceRecordOf,
): AnyHandler {
  return async (ctx, next) => {
    try {
      await step(ctx, next)
    } catch (error) {
      if (change.failures) await log.append(recordOf(ctx, change, 'failure'))
      throw error
    }
    if (ctx.status < 400 && change.failures !== 'only')
      await log.append(recordOf(ctx, change, 'success'))
  }
}

/** A service's handlers with each change in `table` recorded (`audited`). */
export function auditedHandlers<Id extends PublicOperationId>(
  handlers: OperationHandlers<Id>,
  log: AuditAppender,
  table: { readonly [K in Id]?: AuditedChange },
): OperationHandlers<Id> {
  const wrapped: Record<string, AnyHandler> = {
    ...(handlers as unknown as Record<string, AnyHandler>),
  }
  for (const [id, change] of Object.entries(table) as [string, AuditedChange | undefined][]) {
    const handler = wrapped[id]
    if (change && handler) wrapped[id] = audited(handler, change, log)
  }
  return wrapped as unknown as OperationHandlers<Id>
}

/** The member names of the request's JSON body, sorted (the `changes` of most settings). */
export function bodyMembers(ctx: Context): string[] {
  const body: unknown = ctx.request.body
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body)
  return isObject ? Object.keys(body).sort() : []
}
