import { DEFAULT_WEBSITE_QUOTAS, QUOTA_NAMES, quotasFrom } from '@cms/http'
import type { QuotaName, WebsiteQuotas } from '@cms/http'
import { QuotaChangeBody } from '@cms/contract'
import { validateBody } from '@cms/contract/validation'

/** A website's own quotas: only those the platform admin set; the rest follow the defaults. */
export type QuotaOverride = Partial<WebsiteQuotas>

/** The quotas in force: each overridden one, else the installation's default. */
export const effectiveQuotas = (
  override: QuotaOverride | undefined,
  defaults: Readonly<WebsiteQuotas> = DEFAULT_WEBSITE_QUOTAS,
): WebsiteQuotas => quotasFrom(override, defaults)

/** This installation's defaults: the open change streams' comes from the gateway's setting. */
export const installationQuotas = (config: {
  CHANGE_STREAMS_PER_WEBSITE: number
}): Readonly<WebsiteQuotas> => ({
  ...DEFAULT_WEBSITE_QUOTAS,
  changeStreams: config.CHANGE_STREAMS_PER_WEBSITE,
})

/**
 * A PUT body: each member a quota, an integer from 0 to its ceiling, or null to return to the
 * default. Members left out keep their current override.
 */
export const parseQuotaChange = (body: unknown): QuotaChangeBody =>
  validateBody(QuotaChangeBody, body)

/** The override after `change`: a null removes a member. */
export function applyQuotaChange(
  current: QuotaOverride | undefined,
  change: Partial<Record<QuotaName, number | null>>,
): QuotaOverride {
  const next: QuotaOverride = { ...current }
  for (const name of QUOTA_NAMES) {
    const value = change[name]
    if (value === null) delete next[name]
    else if (value !== undefined) next[name] = value
  }
  return next
}
