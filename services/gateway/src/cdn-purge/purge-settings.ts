import { env } from '@cms/config'
import type { EnvParser } from '@cms/config'

export const PURGER_NAMES = ['varnish', 'fastly', 'cloudflare'] as const
export type PurgerName = (typeof PURGER_NAMES)[number]

/** `CDN_PURGERS`: a comma list of purger names, each once; empty: no purge consumer runs. */
function purgerNames(): EnvParser<PurgerName[]> {
  return (raw, name) => {
    const names = (raw ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
    for (const purger of names)
      if (!PURGER_NAMES.includes(purger as PurgerName))
        throw new TypeError(`${name} lists ${purger}; known purgers: ${PURGER_NAMES.join(', ')}`)
    return [...new Set(names as PurgerName[])]
  }
}

/** `VARNISH_PURGE_URLS`: a comma list of http(s) base URLs. */
function baseUrls(): EnvParser<string[]> {
  const one = env.url({ protocols: ['http', 'https'] })
  return (raw, name) =>
    (raw ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((url, index) => one(url, `${name} address ${index + 1}`))
}

const httpUrl = (fallback: string) => env.url({ protocols: ['http', 'https'], default: fallback })

/** The gateway's CDN purge settings (docs/cdn.md, "Purges"). */
export const cdnPurgeConfigSpec = {
  CDN_PURGERS: purgerNames(),
  /** Soft purges mark answers stale (served while revalidating) instead of removing them. */
  CDN_SOFT_PURGE: env.boolean({ default: false }),
  VARNISH_PURGE_URLS: baseUrls(),
  FASTLY_API_URL: httpUrl('https://api.fastly.com'),
  FASTLY_SERVICE_ID: env.optionalString(),
  FASTLY_API_TOKEN: env.optionalString(),
  CLOUDFLARE_API_URL: httpUrl('https://api.cloudflare.com/client/v4'),
  CLOUDFLARE_ZONE_ID: env.optionalString(),
  CLOUDFLARE_API_TOKEN: env.optionalString(),
  /** The durable queue of purge work; installations sharing one broker vhost name theirs apart. */
  CDN_PURGE_QUEUE: env.string({ default: 'cms.gateway.cdn-purge.q' }),
  /** How long changes are gathered into one call per purger. */
  CDN_PURGE_BATCH_MS: env.integer({ default: 50, min: 0, max: 10_000 }),
  /** The longest pause between two tries of a failing purger. */
  CDN_PURGE_RETRY_MAX_MS: env.integer({ default: 30_000, min: 10, max: 600_000 }),
  /** One purge call's time-out. */
  CDN_PURGE_TIMEOUT_MS: env.integer({ default: 10_000, min: 100, max: 120_000 }),
}

export interface CdnPurgeSettings {
  CDN_PURGERS: PurgerName[]
  CDN_SOFT_PURGE: boolean
  VARNISH_PURGE_URLS: string[]
  FASTLY_API_URL: string
  FASTLY_SERVICE_ID: string | undefined
  FASTLY_API_TOKEN: string | undefined
  CLOUDFLARE_API_URL: string
  CLOUDFLARE_ZONE_ID: string | undefined
  CLOUDFLARE_API_TOKEN: string | undefined
  CDN_PURGE_QUEUE: string
  CDN_PURGE_BATCH_MS: number
  CDN_PURGE_RETRY_MAX_MS: number
  CDN_PURGE_TIMEOUT_MS: number
}
