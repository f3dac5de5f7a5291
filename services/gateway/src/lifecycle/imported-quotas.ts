import { QUOTA_NAMES } from '@cms/http'
import type { WebsiteQuotas } from '@cms/http'
import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import { applyQuotaChange, parseQuotaChange } from '../domain/website-quotas.ts'
import type { QuotaOverride } from '../domain/website-quotas.ts'

/**
 * The quotas an imported website starts with (docs/lifecycle.md, "Import"): the platform's
 * defaults, or the export's where they are lower. A quota above its default is the platform
 * admin's decision for a website of this installation, never a file's: 422 naming it.
 */
export function importedQuotas(
  raw: Record<string, unknown> | undefined,
  defaults: Readonly<WebsiteQuotas>,
): QuotaOverride {
  let quotas: QuotaOverride
  try {
    quotas = applyQuotaChange(undefined, parseQuotaChange(raw ?? {}))
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    throw new ValidationError(
      "The export's website quotas are not valid here",
      (error.details ?? []).map((detail) => ({
        path: `line 1: website.quotas.${detail.path}`,
        message: detail.message,
      })),
    )
  }
  const above: ErrorDetail[] = QUOTA_NAMES.filter(
    (name) => (quotas[name] ?? 0) > defaults[name],
  ).map((name) => ({
    path: `line 1: website.quotas.${name}`,
    message: `must be at most the default ${defaults[name]}: an import takes no quota above the defaults (raise it with PATCH /admin/api/websites/:id/quotas once imported)`,
  }))
  if (above.length > 0)
    throw new ValidationError(
      "The export's website quotas are above this installation's defaults",
      above,
    )
  return quotas
}
