import type { Context, Middleware } from 'koa'
import type { AccountOperationId, AdminOperationId, PublicOperationId } from '@cms/contract'
import type { AuditRecord, AuditTarget } from '@cms/audit'
import { audited, bodyMembers } from '@cms/http'
import type { AuditedChange, RecordOf } from '@cms/http'
import type { AuditLog } from '@cms/audit/store'
import { recordOf } from './request-actor.ts'

/** What the audit log says of one operation the gateway serves (docs/audit.md). */
export interface AuditedOperation extends AuditedChange {
  /** The website's chain; absent: the platform's. */
  website?: (ctx: Context) => string | undefined
}

const answered = (ctx: Context) => (ctx.body as { id?: string } | undefined)?.id
const param = (name: string) => (ctx: Context) => ctx.params?.[name] as string | undefined
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
    createKey: { action: 'key.create', target: keyTarget, website, changes: bodyMembers },
    revokeKey: { action: 'key.revoke', target: keyTarget, website },
    rotateKey: { action: 'key.rotate', target: keyTarget, website },
    createRole: { action: 'role.create', target: roleTarget, website, changes: bodyMembers },
    updateRole: { action: 'role.update', target: roleTarget, website, changes: bodyMembers },
    deleteRole: { action: 'role.delete', target: roleTarget, website },
  }) satisfies Record<string, AuditedOperation>

/** The admin API's changes. */
export const AUDITED_ADMIN: { readonly [Id in AdminOperationId]?: AuditedOperation } = {
  createWebsite: { action: 'website.create', target: target('website', answered) },
  renameWebsite: {
    action: 'website.rename',
    target: target('website', adminWebsite),
    changes: bodyMembers,
  },
  deleteWebsite: { action: 'website.delete', target: target('website', adminWebsite) },
  changeQuotas: {
    action: 'website.quotas',
    target: target('website', adminWebsite),
    website: adminWebsite,
    changes: bodyMembers,
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
  createPerson: { action: 'person.create', target: personTarget, changes: bodyMembers },
  updatePerson: { action: 'person.update', target: personTarget, changes: bodyMembers },
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

/** The gateway's record: its actor from the request's credential, on the operation's chain. */
const gatewayRecordOf: RecordOf = (ctx, change, outcome) =>
  recordOf(ctx, {
    action: change.action,
    target: change.target(ctx),
    outcome,
    chain: (change as AuditedOperation).website?.(ctx),
    changes: change.changes?.(ctx),
  })

/**
 * `before` of a router's operations: each change in `table` recorded (`audited` of @cms/http).
 * A successful password sign-in is recorded by the session's start.
 */
export function auditedBy(
  audit: { log: Pick<AuditLog, 'append'> },
  table: Readonly<Record<string, AuditedOperation | undefined>>,
): (id: string) => Middleware {
  // Read at the request: routers are also built without their dependencies, to list routes.
  const log = { append: (record: AuditRecord) => audit.log.append(record) }
  const passOn: Middleware = (_ctx, next) => next()
  return (id) => {
    const change = table[id]
    return change ? (audited(passOn, change, log, gatewayRecordOf) as Middleware) : passOn
  }
}
