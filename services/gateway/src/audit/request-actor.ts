import type { Context } from 'koa'
import { PLATFORM_CHAIN } from '@cms/audit'
import type { AuditActor, AuditRecord } from '@cms/audit'
import { requestRecord } from '@cms/http'
import type { RecordedChange } from '@cms/http'

/** Who makes the request: the person signed in, the key, or the admin token's operator. */
export function actorOf(ctx: Context): AuditActor {
  const person = ctx.state.signedIn?.person
  if (person) return { kind: 'person', id: person.id, name: person.name }
  const key = ctx.state.apiKey
  if (key) return { kind: 'key', id: key.keyId, ...(key.name && { name: key.name }) }
  if (ctx.path.startsWith('/admin/')) return { kind: 'operator', id: null, name: 'admin token' }
  return { kind: 'anonymous', id: null }
}

/** A record of the change the request makes: the platform's chain and the caller by default. */
export function recordOf(
  ctx: Context,
  what: Omit<RecordedChange, 'chain' | 'actor'> & { chain?: string; actor?: AuditActor },
): AuditRecord {
  return requestRecord(ctx, {
    ...what,
    chain: what.chain ?? PLATFORM_CHAIN,
    actor: what.actor ?? actorOf(ctx),
  })
}
