import type { Purger } from './purger.ts'
import { PurgeRequestError, sendPurgeRequest } from './purger.ts'

/**
 * Cloudflare's purge by cache tag: `POST /zones/{zone}/purge_cache` with `{"tags": [...]}` and
 * a bearer API token; up to 100 tags per call (Cloudflare docs, "Purge cache": max operations
 * per request). Its answers say `success`; a 200 with `success: false` is a failure too.
 */
export function createCloudflarePurger(options: {
  apiUrl: string
  zoneId: string
  token: string
  timeoutMs: number
}): Purger {
  const url = `${options.apiUrl.replace(/\/+$/, '')}/zones/${encodeURIComponent(options.zoneId)}/purge_cache`
  return {
    name: 'cloudflare',
    maxTagsPerCall: 100,
    async purge(tags) {
      const text = await sendPurgeRequest('cloudflare', url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${options.token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ tags }),
        timeoutMs: options.timeoutMs,
      })
      let success: unknown
      try {
        success = (JSON.parse(text) as { success?: unknown }).success
      } catch {
        success = undefined
      }
      if (success !== true)
        throw new PurgeRequestError(`cloudflare did not confirm the purge: ${text.slice(0, 200)}`)
    },
  }
}
