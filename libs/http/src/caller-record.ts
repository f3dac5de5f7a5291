import type { Context } from 'koa'
import type { AuditActor, AuditRecord } from '@cms/audit'
import { OPERATOR_KEY_ID } from './internal-auth.ts'
import type { Caller } from './internal-auth.ts'
import { REQUEST_ID_HEADER } from './request-id.ts'

/** The actor of a call the gateway vouched for: the key or person, by id, with its name. */
export function actorOfCaller(caller: Caller): AuditActor {
  const kind = caller.actor?.kind ?? 'key'
  const id = kind === 'operator' || caller.keyId === OPERATOR_KEY_ID ? null : caller.keyId
  return { kind, id, ...(caller.actor?.name && { name: caller.actor.name }) }
}

/** What a record says of the change itself; the request it came in says the rest. */
export type RecordedChange = Pick<
  AuditRecord,
  'chain' | 'actor' | 'action' | 'target' | 'changes'
> & {
  outcome?: AuditRecord['outcome']
  /** The client's address (default: the connection's). */
  address?: string
}

/**
 * The audit record of a change made for the request in `ctx` (docs/audit.md): the change, and
 * the request id, trace, client address and user agent it came with.
 */
export function requestRecord(ctx: Context, change: RecordedChange): AuditRecord {
  const userAgent = ctx.get('user-agent')
  return {
    id: crypto.randomUUID(),
    time: new Date().toISOString(),
    chain: change.chain,
    actor: change.actor,
    action: change.action,
    ...(change.target && { target: change.target }),
    outcome: change.outcome ?? 'success',
    requestId: ctx.state.requestId ?? ctx.get(REQUEST_ID_HEADER),
    ...(ctx.state.trace && { traceId: ctx.state.trace.traceId }),
    address: change.address ?? ctx.ip,
    ...(userAgent && { userAgent: userAgent.slice(0, 300) }),
    ...(change.changes && change.changes.length > 0 && { changes: change.changes }),
  }
}

/**
 * The audit record of a change a service makes for the call in `ctx`: the caller the gateway
 * vouched for, on its website's chain.
 */
export function callerRecord(
  ctx: Context,
  what: Pick<AuditRecord, 'action' | 'target' | 'changes'> & { outcome?: AuditRecord['outcome'] },
): AuditRecord {
  const caller = ctx.state.caller
  return requestRecord(ctx, {
    ...what,
    chain: caller.websiteId,
    actor: actorOfCaller(caller),
    // The gateway sets it to the client's address (and drops a client's own), on internal calls only.
    address: ctx.get('x-forwarded-for') || ctx.ip,
  })
}
