import { randomUUID } from 'node:crypto'
import type { Context } from 'koa'
import type { AuditRecord, AuditTarget } from '@cms/audit'
import { callerRecord } from '@cms/http'
import type { AuditAppender } from '@cms/http'

/** What a change says of itself: its action and target (and for settings, the members named). */
export type ChangeOfRecord = Parameters<typeof callerRecord>[1]

/** The content service's side of the audit log (docs/audit.md, "Content"). */
export interface ContentAudit {
  /** The record of the change the call in `ctx` makes; undefined with `AUDIT_LOG=off`. */
  recordOf(ctx: Context, change: ChangeOfRecord): AuditRecord | undefined
  /** The record of a change the system makes on its own (a schedule's run); undefined when off. */
  systemRecordOf(change: SystemChange): AuditRecord | undefined
  /** Where changes that do not go through the version commit (media, schedules) are appended. */
  appender: AuditAppender
}

const NOTHING_APPENDED: AuditAppender = { append: () => Promise.resolve(undefined) }

/** Records nothing: for routers built only to be read (the route listings' tests). */
export const NO_AUDIT: ContentAudit = createContentAudit({ log: NOTHING_APPENDED, enabled: false })

export function createContentAudit(deps: { log: AuditAppender; enabled: boolean }): ContentAudit {
  return {
    recordOf: (ctx, change) => (deps.enabled ? callerRecord(ctx, change) : undefined),
    systemRecordOf: (change) => (deps.enabled ? systemRecord(change) : undefined),
    appender: deps.enabled ? deps.log : NOTHING_APPENDED,
  }
}

export interface SystemChange {
  websiteId: string
  action: string
  target: AuditTarget
  /** `failure`: the system's change was refused (a schedule whose publish failed validation). */
  outcome?: AuditRecord['outcome']
  /** What a failure named: the refused fields' paths (never their values). */
  changes?: string[]
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
    outcome: change.outcome ?? 'success',
    ...(change.changes && { changes: change.changes }),
  }
}
