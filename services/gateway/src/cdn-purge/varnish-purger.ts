import type { Purger } from './purger.ts'
import { sendPurgeRequest } from './purger.ts'

/**
 * Varnish with the xkey module (deploy/varnish/default.vcl): `PURGE /` with the tags in `xkey`
 * (or `xkey-softpurge`), space-separated, to every address; all of them must take it. Varnish
 * refuses request headers over `http_req_hdr_len` (8 KiB by default): 64 tags of at most ~90
 * characters stay well below.
 */
export function createVarnishPurger(options: {
  urls: readonly string[]
  soft: boolean
  timeoutMs: number
}): Purger {
  const header = options.soft ? 'xkey-softpurge' : 'xkey'
  return {
    name: 'varnish',
    maxTagsPerCall: 64,
    async purge(tags) {
      await Promise.all(
        options.urls.map((base) =>
          sendPurgeRequest(`varnish ${new URL(base).host}`, new URL('/', base).href, {
            method: 'PURGE',
            headers: { [header]: tags.join(' ') },
            timeoutMs: options.timeoutMs,
          }),
        ),
      )
    },
  }
}
