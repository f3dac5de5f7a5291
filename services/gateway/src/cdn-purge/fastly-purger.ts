import { surrogateKeyOf } from '@cms/contract'
import type { Purger } from './purger.ts'
import { sendPurgeRequest } from './purger.ts'

/**
 * Fastly's batch purge by surrogate key: `POST /service/{id}/purge` with the keys in the
 * `Surrogate-Key` header, the API token in `Fastly-Key`, and `fastly-soft-purge: 1` for a soft
 * purge. Up to 256 keys per call (Fastly API reference, "Purge multiple surrogate key tags").
 */
export function createFastlyPurger(options: {
  apiUrl: string
  serviceId: string
  token: string
  soft: boolean
  timeoutMs: number
}): Purger {
  const url = `${options.apiUrl.replace(/\/+$/, '')}/service/${encodeURIComponent(options.serviceId)}/purge`
  return {
    name: 'fastly',
    maxTagsPerCall: 256,
    async purge(tags) {
      await sendPurgeRequest('fastly', url, {
        method: 'POST',
        headers: {
          'Fastly-Key': options.token,
          'Surrogate-Key': surrogateKeyOf(tags),
          Accept: 'application/json',
          ...(options.soft && { 'fastly-soft-purge': '1' }),
        },
        timeoutMs: options.timeoutMs,
      })
    },
  }
}
