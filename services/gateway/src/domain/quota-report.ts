import { BUILT_IN_ROLES } from '@cms/contract'
import { QUOTA_NAMES } from '@cms/http'
import type { Caller, InternalClient, QuotaName, WebsiteQuotas } from '@cms/http'
import type { Website } from './website.ts'
import { effectiveQuotas } from './website-quotas.ts'

export type QuotaUsage = Partial<Record<QuotaName, number>>

export interface QuotaLine {
  limit: number
  default: number
  /** The platform admin's value, or null when the default applies. */
  override: number | null
  /** What the website uses; for the size quotas, its largest content type's measure. */
  usage: number | null
}

export type QuotaReport = Record<QuotaName, QuotaLine>

/** Each quota of the website with its limit, the installation's default, override and usage. */
export function quotaReport(
  website: Website,
  usage: QuotaUsage,
  defaults: Readonly<WebsiteQuotas>,
): QuotaReport {
  const limits = effectiveQuotas(website.quotas, defaults)
  const report = {} as QuotaReport
  for (const name of QUOTA_NAMES) {
    report[name] = {
      limit: limits[name],
      default: defaults[name],
      override: website.quotas?.[name] ?? null,
      usage: usage[name] ?? null,
    }
  }
  return report
}

const numbers = (body: unknown): QuotaUsage => {
  const usage: QuotaUsage = {}
  const given = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  for (const name of QUOTA_NAMES) if (typeof given[name] === 'number') usage[name] = given[name]
  return usage
}

/**
 * Asks the schema, content and webhook services (their `/internal/usage`) what the website uses,
 * and `gateway` what it holds itself (open change streams).
 */
export function createQuotaUsageReader(deps: {
  schema: InternalClient
  content: InternalClient
  webhook: InternalClient
  gateway?: (websiteId: string) => Promise<QuotaUsage>
  operatorKeyId: string
}) {
  return async function readQuotaUsage(websiteId: string): Promise<QuotaUsage> {
    const caller: Caller = {
      websiteId,
      keyId: deps.operatorKeyId,
      permissions: BUILT_IN_ROLES.owner,
    }
    const [own, ...answers] = await Promise.all([
      deps.gateway?.(websiteId) ?? {},
      ...[deps.schema, deps.content, deps.webhook].map((service) =>
        service.get(caller, '/internal/usage'),
      ),
    ])
    return Object.assign({}, own, ...answers.map((answer) => numbers(answer.body))) as QuotaUsage
  }
}

export type QuotaUsageReader = ReturnType<typeof createQuotaUsageReader>
