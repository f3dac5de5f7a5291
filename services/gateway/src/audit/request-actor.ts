import type { Context } from 'koa'
import { PLATFORM_CHAIN } from '@cms/audit'
import type { AuditActor, AuditRecord } from '@cms/audit'

/** Who makes the request: the person signed in, the key, or the admin token's operator. */
export function actorOf(ctx: Context): AuditActor {
  const person = ctx.state.signedIn?.person
  if (person) return { kind: 'person', id: person.id, name: person.name }
  const key = ctx.state.apiKey
  if (key) return { kind: 'key', id: key.keyId, ...(key.name && { name: key.name }) }
  if (ctx.path.startsWith('/admin/')) return { kind: 'operator', id: null, name: 'admin token' }
  return { kind: 'anonymous', id: null }
}

/** A record of the change the request makes, with where it came from. */
export function recordOf(
  ctx: Context,
  what: Pick<AuditRecord, 'action' | 'target' | 'outcome' | 'changes'> & {
    chain?: string
    actor?: AuditActor
  },
): AuditRecord {
  const userAgent = ctx.get('user-agent')
  return {
    id: crypto.randomUUID(),
    time: new Date().toISOString(),
    chain: what.chain ?? PLATFORM_CHAIN,
    actor: what.actor ?? actorOf(ctx),
    action: what.action,
    ...(what.target && { target: what.target }),
    outcome: what.outcome,
    ...(ctx.state.requestId && { requestId: ctx.state.requestId }),
    ...(ctx.state.trace && { traceId: ctx.state.trace.traceId }),
    address: ctx.ip,
    ...(userAgent && { userAgent: userAgent.slice(0, 300) }),
    ...(what.changes && what.changes.length > 0 && { changes: what.changes }),
  }
}
