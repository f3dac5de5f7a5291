import { StartupError } from '@cms/config'
import { createCloudflarePurger } from './cloudflare-purger.ts'
import { createFastlyPurger } from './fastly-purger.ts'
import type { Purger } from './purger.ts'
import type { CdnPurgeSettings, PurgerName } from './purge-settings.ts'
import { createVarnishPurger } from './varnish-purger.ts'

/** What each purger needs besides its defaults, by variable. */
const REQUIRED: Record<PurgerName, readonly (keyof CdnPurgeSettings)[]> = {
  varnish: ['VARNISH_PURGE_URLS'],
  fastly: ['FASTLY_SERVICE_ID', 'FASTLY_API_TOKEN'],
  cloudflare: ['CLOUDFLARE_ZONE_ID', 'CLOUDFLARE_API_TOKEN'],
}

const missing = (value: unknown) =>
  value === undefined || (Array.isArray(value) && value.length === 0)

/** The purgers `CDN_PURGERS` names; a StartupError naming every setting one of them lacks. */
export function configuredPurgers(settings: CdnPurgeSettings): Purger[] {
  const problems = settings.CDN_PURGERS.flatMap((name) =>
    REQUIRED[name]
      .filter((variable) => missing(settings[variable]))
      .map((variable) => `CDN_PURGERS lists ${name}, which needs ${variable}`),
  )
  if (problems.length > 0) throw new StartupError(problems.join('; '))
  const timeoutMs = settings.CDN_PURGE_TIMEOUT_MS
  const soft = settings.CDN_SOFT_PURGE
  const build: Record<PurgerName, () => Purger> = {
    varnish: () => createVarnishPurger({ urls: settings.VARNISH_PURGE_URLS, soft, timeoutMs }),
    fastly: () =>
      createFastlyPurger({
        apiUrl: settings.FASTLY_API_URL,
        serviceId: settings.FASTLY_SERVICE_ID!,
        token: settings.FASTLY_API_TOKEN!,
        soft,
        timeoutMs,
      }),
    cloudflare: () =>
      createCloudflarePurger({
        apiUrl: settings.CLOUDFLARE_API_URL,
        zoneId: settings.CLOUDFLARE_ZONE_ID!,
        token: settings.CLOUDFLARE_API_TOKEN!,
        timeoutMs,
      }),
  }
  return settings.CDN_PURGERS.map((name) => build[name]())
}
