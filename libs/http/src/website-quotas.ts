import { QUOTA_CEILINGS, QUOTA_NAMES } from '@cms/contract'
import type { QuotaName } from '@cms/contract'
import { ConflictError, ValidationError } from '@cms/errors'
import type { AppError } from '@cms/errors'

/** What one website may hold; each has a default and a platform-admin override per website. */
export interface WebsiteQuotas extends Record<QuotaName, number> {
  /** Webhooks of the website. */
  webhooks: number
  /** Content types of the website. */
  contentTypes: number
  /** Fields of one content type. */
  fieldsPerType: number
  /** Options of one `select` field. */
  optionsPerField: number
  /** One content type definition as stored JSON, in bytes. */
  definitionBytes: number
  /** Locales of the website. */
  locales: number
  /** Bytes of the website's media files together. */
  mediaBytes: number
  /** `GET /api/changes` streams open at once, over every gateway instance. */
  changeStreams: number
}

export { QUOTA_NAMES } from '@cms/contract'
export type { QuotaName } from '@cms/contract'

/**
 * The defaults of docs/gateway.md ("Quotas"); the gateway takes `changeStreams`' from its
 * `CHANGE_STREAMS_PER_WEBSITE` setting.
 */
export const DEFAULT_WEBSITE_QUOTAS: Readonly<WebsiteQuotas> = {
  webhooks: 100,
  contentTypes: 100,
  fieldsPerType: 100,
  optionsPerField: 200,
  definitionBytes: 64 * 1024,
  locales: 30,
  mediaBytes: 1024 ** 3,
  changeStreams: 100,
}

export { QUOTA_CEILINGS } from '@cms/contract'

const isQuota = (name: QuotaName, value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= 0 &&
  value <= QUOTA_CEILINGS[name]

/** The quotas a header or stored override names, each missing or invalid one at its default. */
export function quotasFrom(
  raw: unknown,
  defaults: Readonly<WebsiteQuotas> = DEFAULT_WEBSITE_QUOTAS,
): WebsiteQuotas {
  const given = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>
  const quotas = { ...defaults }
  for (const name of QUOTA_NAMES) if (isQuota(name, given[name])) quotas[name] = given[name]
  return quotas
}

/** `x-website-quotas` as the gateway sends it: compact JSON. */
export const encodeQuotas = (quotas: WebsiteQuotas): string => JSON.stringify(quotas)

export function decodeQuotas(header: string): WebsiteQuotas {
  try {
    return quotasFrom(JSON.parse(header))
  } catch {
    return quotasFrom(undefined)
  }
}

const QUOTA_TEXT: Readonly<Record<QuotaName, { limit: string; usage: string }>> = {
  webhooks: { limit: 'webhooks per website', usage: 'this website has' },
  contentTypes: { limit: 'content types per website', usage: 'this website has' },
  fieldsPerType: { limit: 'fields per content type', usage: 'this definition has' },
  optionsPerField: { limit: 'options per select field', usage: 'this definition has' },
  definitionBytes: { limit: 'bytes per content type definition', usage: 'this definition has' },
  locales: { limit: 'locales per website', usage: 'this list has' },
  mediaBytes: { limit: 'bytes of media per website', usage: 'this website would hold' },
  changeStreams: { limit: 'open change streams per website', usage: 'this website has' },
}

/** Counts of what a website holds; the size quotas are per definition. */
const COUNT_QUOTAS: ReadonlySet<QuotaName> = new Set([
  'webhooks',
  'contentTypes',
  'locales',
  'mediaBytes',
])

/** What a refusal past a quota says: the quota, its limit and the usage. */
export function quotaRefusal(name: QuotaName, limit: number, usage: number) {
  const text = QUOTA_TEXT[name]
  return {
    message: `Quota exceeded: at most ${limit} ${text.limit}; ${text.usage} ${usage}`,
    details: [{ path: `quota.${name}`, message: `limit ${limit}, usage ${usage}` }],
  }
}

/**
 * The refusal of a change past a quota; nothing is written. A count (webhooks, content types,
 * locales, media bytes) is
 * 409 CONFLICT, the size of one definition 422 VALIDATION_ERROR. Both name the quota, its limit
 * and the usage, in the message and in `details: [{path: 'quota.<name>', message}]`. (Open
 * change streams are a 429 of their own: a stream ends, a place frees up.)
 */
export function quotaExceeded(name: QuotaName, limit: number, usage: number): AppError {
  const { message, details } = quotaRefusal(name, limit, usage)
  return COUNT_QUOTAS.has(name)
    ? new ConflictError(message, { details })
    : new ValidationError(message, details)
}
