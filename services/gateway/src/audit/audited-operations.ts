import type { Context, Middleware } from 'koa'
import type { AccountOperationId, AdminOperationId, PublicOperationId } from '@cms/contract'
import type { AuditTarget } from '@cms/audit'
import type { AuditLog } from '@cms/audit/store'
import { recordOf } from './request-actor.ts'

/** What the audit log says of one operation the gateway serves (docs/audit.md). */
export interface AuditedOperation {
  action: string
  target: (ctx: Context) => AuditTarget
  /** The website's chain; absent: the platform's. */
  website?: (ctx: Context) => string | undefined
  /** The members a settings change names (the body's keys, never values). */
  changes?: (ctx: Context) => string[] | undefined
  /** `also`: refusals are entries too; `only`: only refusals are (a sign-in's start records its success). */
  failures?: 'also' | 'only'
}

const answered = (ctx: Context) => (ctx.body as { id?: string } | undefined)?.id
const param = (name: string) => (ctx: Context) => ctx.params?.[name] as string | undefined
const bodyKeys = (ctx: Context) => Object.keys((ctx.request as { body?: object }).body ?? {}).sort()
const target =
  (kind: string, id: (ctx: Context) => string | undefined) =>
  (ctx: Context): AuditTarget => {
    const found = id(ctx)
    return found ? { kind, id: found } : { kind }
  }

const adminWebsite = param('id')
const callerWebsite = (ctx: Context) => ctx.state.caller?.websiteId as string | undefined
const keyTarget = target('key', (ctx) => param('keyId')(ctx) ?? answered(ctx))
const roleTarget = target(
  'role',
  (ctx) => param('name')(ctx) ?? (ctx.body as { name?: string })?.name,
)
const personTarget = target('person', (ctx) => param('personId')(ctx) ?? answered(ctx))

const websiteAccess = (website: (ctx: Context) => string | undefined) =>
  ({
    createKey: { action: 'key.create', target: keyTarget, website, changes: bodyKeys },
    revokeKey: { action: 'key.revoke', target: keyTarget, website },
    rotateKey: { action: 'key.rotate', target: keyTarget, website },
    createRole: { action: 'role.create', target: roleTarget, website, changes: bodyKeys },
    updateRole: { action: 'role.update', target: roleTarget, website, changes: bodyKeys },
    deleteRole: { action: 'role.delete', target: roleTarget, website },
  }) satisfies Record<string, AuditedOperation>

/** The admin API's changes. */
export const AUDITED_ADMIN: { readonly [Id in AdminOperationId]?: AuditedOperation } = {
  createWebsite: { action: 'website.create', target: target('website', answered) },
  renameWebsite: {
    action: 'website.rename',
    target: target('website', adminWebsite),
    changes: bodyKeys,
  },
  deleteWebsite: { action: 'website.delete', target: target('website', adminWebsite) },
  changeQuotas: {
    action: 'website.quotas',
    target: target('website', adminWebsite),
    website: adminWebsite,
    changes: bodyKeys,
  },
  exportWebsite: {
    action: 'website.export',
    target: target('website', adminWebsite),
    website: adminWebsite,
  },
  importWebsite: {
    action: 'website.import',
    target: target('website', (ctx) => (ctx.body as { website?: { id?: string } })?.website?.id),
  },
  ...websiteAccess(adminWebsite),
  createPerson: { action: 'person.create', target: personTarget, changes: bodyKeys },
  updatePerson: { action: 'person.update', target: personTarget, changes: bodyKeys },
  removePerson: { action: 'person.remove', target: personTarget },
  createPasswordReset: { action: 'person.password-reset-link', target: personTarget },
  createInvitation: { action: 'invitation.create', target: target('invitation', answered) },
  revokeInvitation: {
    action: 'invitation.revoke',
    target: target('invitation', param('invitationId')),
  },
  createFirstOperatorLink: {
    action: 'platform.first-operator-link',
    target: target('platform', () => undefined),
  },
}

/** The changes made by keys (and people) through the gateway's own public operations. */
export const AUDITED_PUBLIC: { readonly [Id in PublicOperationId]?: AuditedOperation } = {
  ...websiteAccess(callerWebsite),
  createPreviewToken: {
    action: 'preview-token.create',
    target: target('document', (ctx) => (ctx.body as { documentId?: string })?.documentId),
    website: callerWebsite,
  },
}

/** `/auth`: sign-ins (the session's start records the successful ones), tokens, second factor. */
export const AUDITED_ACCOUNT: { readonly [Id in AccountOperationId]?: AuditedOperation } = {
  signInWithPassword: {
    action: 'person.sign-in',
    target: target('email', (ctx) => (ctx.request as { body?: { email?: string } }).body?.email),
    failures: 'only',
  },
  signOut: { action: 'person.sign-out', target: target('session', () => undefined) },
  signOutEverywhere: {
    action: 'person.sign-out-everywhere',
    target: target('session', () => undefined),
  },
  resetPassword: { action: 'person.password-reset', target: target('person', () => undefined) },
  confirmTotp: { action: 'person.totp-enable', target: target('person', () => undefined) },
  removeTotp: { action: 'person.totp-remove', target: target('person', () => undefined) },
  createPersonalToken: {
    action: 'personal-token.create',
    target: target('personal-token', answered),
  },
  revokePersonalToken: {
    action: 'personal-token.revoke',
    target: target('personal-token', param('tokenId')),
  },
}

/**
 * `before` of a router's operations: after a change is made and before it is answered, its
 * entry is appended, so no acknowledged change lacks one; a refusal is recorded only where the
 * operation says so. A successful password sign-in is recorded by the session's start.
 */
export function auditedBy(
  audit: { log: Pick<AuditLog, 'append'> },
  table: Readonly<Record<string, AuditedOperation | undefined>>,
): (id: string) => Middleware {
  return (id) => {
    const audited = table[id]
    return async function auditOperation(ctx, next) {
      if (!audited) return next()
      const record = (outcome: 'success' | 'failure') =>
        audit.log.append(
          recordOf(ctx, {
            action: audited.action,
            target: audited.target(ctx),
            outcome,
            chain: audited.website?.(ctx),
            changes: audited.changes?.(ctx),
          }),
        )
      try {
        await next()
      } catch (error) {
        if (audited.failures) await record('failure')
        throw error
      }
      if (ctx.status < 400 && audited.failures !== 'only') await record('success')
    }
  }
}
