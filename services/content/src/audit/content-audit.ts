import { createHash, randomUUID } from 'node:crypto'
import type { Context } from 'koa'
import type { AuditRecord, AuditTarget } from '@cms/audit'
import type { AuditLog } from '@cms/audit/store'
import { callerRecord } from '@cms/http'

/** What a change says of itself: its action and target (and for settings, the members named). */
export type ChangeOfRecord = Parameters<typeof callerRecord>[1]

/** The content service's side of the audit log (docs/audit.md, "Content"). */
export interface ContentAudit {
  /** The record of the change the call in `ctx` makes; undefined with `AUDIT_LOG=off`. */
  recordOf(ctx: Context, change: ChangeOfRecord): AuditRecord | undefined
  /** The record of a change the system makes on its own (a schedule's run); undefined when off. */
  systemRecordOf(change: SystemChange): AuditRecord | undefined
  /**
   * Appends the record of a change that does not go through the version commit (media,
   * schedules), after the change and before its answer.
   */
  append(record: AuditRecord | undefined): Promise<void>
}

/** Records nothing: for routers built only to be read (the route listings' tests). */
export const NO_AUDIT: ContentAudit = createContentAudit({
  log: { append: () => Promise.resolve(undefined) },
  enabled: false,
})

export function createContentAudit(deps: {
  log: Pick<AuditLog, 'append'>
  enabled: boolean
}): ContentAudit {
  return {
    recordOf: (ctx, change) => (deps.enabled ? callerRecord(ctx, change) : undefined),
    systemRecordOf: (change) => (deps.enabled ? systemRecord(change) : undefined),
    async append(record) {
      if (record) await deps.log.append(record)
    },
  }
}

export interface SystemChange {
  websiteId: string
  action: string
  target: AuditTarget
}

/** No caller, no request: the system acts, on the website's chain. */
function systemRecord(change: SystemChange): AuditRecord {
  return {
    id: randomUUID(),
    time: new Date().toISOString(),
    chain: change.websiteId,
    actor: { kind: 'system', id: null },
    action: change.action,
    target: change.target,
    outcome: 'success',
  }
}

/**
 * The record with an id that `key` alone decides (a UUID's shape, from its SHA-256): the retry of
 * a keyed request that answers what the first attempt made appends one entry between them.
 */
export function onlyOnce(record: AuditRecord, key: string): AuditRecord {
  const hex = createHash('sha256').update(key).digest('hex')
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`
  return { ...record, id }
}
