/**
 * The lists every layer shares, once: services, the gateway, the OpenAPI schemas, `@cms/client`,
 * the CLI and the admin panel take them from here.
 */

/** The codes of the error shape `{error: {code, message, details}}`; http-status.ts maps them. */
export const ERROR_CODES = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PRECONDITION_FAILED',
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RANGE_NOT_SATISFIABLE',
  'VALIDATION_ERROR',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'NOT_IMPLEMENTED',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** The scopes an API key may have. */
export const KEY_SCOPES = ['read', 'admin'] as const
export type KeyScope = (typeof KEY_SCOPES)[number]

/** The quotas of a website (docs/gateway.md, "Quotas"). */
export const QUOTA_NAMES = [
  'webhooks',
  'contentTypes',
  'fieldsPerType',
  'optionsPerField',
  'definitionBytes',
  'locales',
  'mediaBytes',
  'changeStreams',
] as const
export type QuotaName = (typeof QUOTA_NAMES)[number]

/** The events of a document's life that webhooks subscribe to. */
export const ENTRY_EVENTS = [
  'entry.create',
  'entry.update',
  'entry.delete',
  'entry.publish',
  'entry.unpublish',
] as const
export type EntryEventName = (typeof ENTRY_EVENTS)[number]

/** The events of a release (docs/releases.md): one when it is applied, beside its entries'. */
export const RELEASE_EVENTS = ['release.publish'] as const
export type ReleaseEventName = (typeof RELEASE_EVENTS)[number]

/** What a webhook may subscribe to. */
export const WEBHOOK_EVENTS = [...ENTRY_EVENTS, ...RELEASE_EVENTS] as const
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number]

/** Every field type a content type may declare (docs/api.md, "§ types: thirteen field types"). */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'richText',
  'tags',
  'number',
  'integer',
  'boolean',
  'date',
  'datetime',
  'email',
  'url',
  'select',
  'json',
  'relation',
  'media',
  'component',
  'blocks',
] as const
export type FieldType = (typeof FIELD_TYPES)[number]
