import { CmsApiError } from '@cms/client'
import type { AuditEntry } from '@cms/client'

/** The actions the log names (docs/audit.md), offered as the action filter's suggestions. */
export const KNOWN_ACTIONS = [
  'document.create',
  'document.update',
  'document.publish',
  'document.unpublish',
  'document.restore',
  'document.delete',
  'document.discard-draft',
  'schedule.create',
  'schedule.cancel',
  'schedule.run',
  'media.upload',
  'media.update',
  'media.delete',
  'content-type.create',
  'content-type.update',
  'content-type.delete',
  'locales.set',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.test',
  'webhook.redeliver',
  'key.create',
  'key.rotate',
  'key.revoke',
  'role.create',
  'role.update',
  'role.delete',
  'preview-token.create',
  'website.create',
  'website.rename',
  'website.delete',
  'website.quotas',
  'website.export',
  'website.import',
  'person.create',
  'person.update',
  'person.remove',
  'person.sign-in',
  'person.sign-out',
  'person.sign-out-everywhere',
  'person.password-reset',
  'person.password-reset-link',
  'person.totp-enable',
  'person.totp-remove',
  'personal-token.create',
  'personal-token.revoke',
  'invitation.create',
  'invitation.revoke',
] as const

/** Who acted, as a person reads it: a name, with what kind of actor it is when not a person. */
export function actorText(actor: AuditEntry['actor']): string {
  const name = actor.name ?? actor.id ?? ''
  switch (actor.kind) {
    case 'person':
      return name
    case 'operator':
      return `${name} (operator)`
    case 'key':
      return `Key “${name}”`
    case 'system':
      return 'The system'
    case 'anonymous':
      return 'Not signed in'
    default:
      return name
  }
}

/** `document 6f1… (article, version 4)`: what the entry changed, when it names something. */
export function targetText(target: AuditEntry['target']): string {
  if (!target) return '—'
  const about = [
    target.type,
    target.version === undefined ? undefined : `version ${target.version}`,
  ]
    .filter(Boolean)
    .join(', ')
  return [target.kind, target.id, about ? `(${about})` : undefined].filter(Boolean).join(' ')
}

/** A refusal of the log in words that say what to do; undefined for other failures. */
export function auditRefusal(error: unknown): string | undefined {
  if (error instanceof CmsApiError && error.status === 403) {
    return "Your role on this website cannot see its activity (it needs the readAudit permission): ask an operator or the website's owner."
  }
  return undefined
}
