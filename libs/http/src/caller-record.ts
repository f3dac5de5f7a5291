import type { Context } from 'koa'
import type { AuditActor, AuditRecord } from '@cms/audit'
import type { Caller } from './internal-auth.ts'
import { REQUEST_ID_HEADER } from './request-id.ts'

/** The key id the gateway sends for the admin token's operator (no key, no person). */
const OPERATOR_KEY_ID = '00000000-0000-4000-8000-000000000000'

/** The actor of a call the gateway vouched for: the key or person, by id, with its name. */
export function actorOfCaller(caller: Caller): AuditActor {
  const kind = caller.actor?.kind ?? 'key'
  const id = kind === 'operator' || caller.keyId === OPERATOR_KEY_ID ? null : caller.keyId
  return { kind, id, ...(caller.actor?.name && { name: caller.actor.name }) }
}

/**
 * The audit record of a change a service makes for the call in `ctx` (docs/audit.md): who, on
 * which website's chain, from where, under which request and trace.
 */
export function callerRecord(
  ctx: Context,
  what: Pick<AuditRecord, 'action' | 'target' | 'changes'> & { outcome?: AuditRecord['outcome'] },
): AuditRecord {
  const caller = ctx.state.caller
  const userAgent = ctx.get('user-agent')
  return {
    id: crypto.randomUUID(),
    time: new Date().toISOString(),
    chain: caller.websiteId,
    actor: actorOfCaller(caller),
    action: what.action,
    ...(what.target && { target: what.target }),
    outcome: what.outcome ?? 'success',
    requestId: ctx.state.requestId ?? ctx.get(REQUEST_ID_HEADER),
    ...(ctx.state.trace && { traceId: ctx.state.trace.traceId }),
    // The gateway sets it to the client's address (and drops a client's own), on internal calls only.
    address: ctx.get('x-forwarded-for') || ctx.ip,
    ...(userAgent && { userAgent: userAgent.slice(0, 300) }),
    ...(what.changes && what.changes.length > 0 && { changes: what.changes }),
  }
}
