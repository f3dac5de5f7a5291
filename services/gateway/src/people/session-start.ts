import type { Context } from 'koa'
import type { Session as SessionAnswer } from '@cms/contract'
import type { AuditLog } from '@cms/audit/store'
import { recordOf } from '../audit/request-actor.ts'
import type { PeopleRepository } from './people-repository.ts'
import { personJson } from './person.ts'
import type { Person } from './person.ts'
import { setSessionCookie } from './session-cookie.ts'
import type { Session, Sessions } from './sessions.ts'

/** `GET /auth/session`'s answer. */
export function sessionJson(person: Person, session: Session): SessionAnswer {
  return {
    person: personJson(person),
    csrfToken: session.csrfToken,
    expiresAt: new Date(session.expiresAt).toISOString(),
    via: session.via,
  }
}

export type StartSession = (ctx: Context, person: Person, via: string) => Promise<SessionAnswer>

/**
 * The one way a sign-in ends (password, invitation, reset, bootstrap, provider): a new session
 * in Redis, its entry in the audit log (the method as its target's type), its cookie, and the
 * person's last sign-in time.
 */
export function sessionStarter(deps: {
  sessions: Sessions
  people: Pick<PeopleRepository, 'update'>
  absoluteSeconds: number
  audit: Pick<AuditLog, 'append'>
  now?: () => Date
}): StartSession {
  const now = deps.now ?? (() => new Date())
  return async (ctx, person, via) => {
    const { id, session } = await deps.sessions.create(person.id, via)
    await deps.audit.append(
      recordOf(ctx, {
        action: 'person.sign-in',
        actor: { kind: 'person', id: person.id, name: person.name },
        target: { kind: 'person', id: person.id, type: via },
        outcome: 'success',
      }),
    )
    setSessionCookie(ctx, id, deps.absoluteSeconds)
    const lastSignInAt = now()
    await deps.people.update(person.id, { lastSignInAt })
    ctx.set('Cache-Control', 'no-store')
    return sessionJson({ ...person, lastSignInAt }, session)
  }
}
